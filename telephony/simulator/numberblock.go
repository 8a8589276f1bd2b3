package simulator

import "strings"

// The load block: numbers +1 500 2nn nnnn (a million valid numbers, so that
// a workspace, whose contacts' phones are unique, can hold thousands of
// simulated customers). Their behaviour is their last six digits n: n % 6
// == 0 is busy, n % 6 == 3 does not answer, every other number answers and
// hangs up after TalkTime. A third of the block is busy or unanswered.
const loadBlock = "+15002"

// blockBehaviour is the behaviour of a number of the load block; ok is
// false for every other number.
func blockBehaviour(to string) (behaviour, bool) {
	if len(to) != 12 || !strings.HasPrefix(to, loadBlock) {
		return 0, false
	}
	n := 0
	for _, d := range to[6:] {
		if d < '0' || d > '9' {
			return 0, false
		}
		n = n*10 + int(d-'0')
	}
	switch n % 6 {
	case 0:
		return busy, true
	case 3:
		return noAnswer, true
	}
	return hangsUp, true
}
