package simulator

// behaviour is what the party at a number does when called.
type behaviour int

const (
	answers  behaviour = iota // answers after RingDelay and stays until hung up
	hangsUp                   // answers after RingDelay, hangs up after TalkTime
	busy                      // busy after DialDelay
	noAnswer                  // rings until NoAnswerTimeout (or the call's Timeout)
	fails                     // fails after DialDelay
	slow                      // answers after SlowAnswerDelay
	machine                   // an answering machine: answers after RingDelay, greets, beeps, records until hung up
	human                     // a person: answers after RingDelay, says hello, stays until hung up
)

// Test numbers. They are valid E.164 numbers for libphonenumber (+1 500 is a
// personal-communications area code), so the service accepts them as
// customer numbers; see the table in doc.go.
const (
	NumberAnswers  = "+15005550100"
	NumberHangsUp  = "+15005550101"
	NumberBusy     = "+15005550102"
	NumberNoAnswer = "+15005550103"
	NumberFails    = "+15005550104"
	NumberSlow     = "+15005550105"
	// NumberMachine is an answering machine: answering-machine detection
	// reports machine_end_beep once its greeting (Timing.MachineGreeting)
	// has ended (machine_start with MachineDetection=Enable).
	NumberMachine = "+15005550106"
	// NumberHuman is a person: detection reports human after
	// Timing.HumanDetection.
	NumberHuman = "+15005550107"
)

var testNumbers = map[string]behaviour{
	NumberAnswers:  answers,
	NumberHangsUp:  hangsUp,
	NumberBusy:     busy,
	NumberNoAnswer: noAnswer,
	NumberFails:    fails,
	NumberSlow:     slow,
	NumberMachine:  machine,
	NumberHuman:    human,
}

// behaviourOf gives the behaviour of a called number; every number not in
// the table, and every client: identity (the simulated browser), answers.
func behaviourOf(to string) behaviour {
	if b, ok := testNumbers[to]; ok {
		return b
	}
	if b, ok := blockBehaviour(to); ok {
		return b
	}
	return answers
}

func (b behaviour) String() string {
	return [...]string{"answers", "hangs-up", "busy", "no-answer", "fails", "answers-slowly", "machine", "human"}[b]
}
