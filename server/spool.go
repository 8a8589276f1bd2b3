package server

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Uploads are spooled to files named upload-<pid>-<random>.csv in one
// directory of their own, so that a process killed mid-import leaves files
// the next start can recognise as its own kind and as orphaned (their
// process is gone) without touching another running instance's.
const spoolPrefix = "upload-"

// SpoolDir is where uploads are spooled; tests may point it elsewhere
// before the server starts.
var SpoolDir = filepath.Join(os.TempDir(), "switchboard-spool")

func createSpool() (*os.File, error) {
	if err := os.MkdirAll(SpoolDir, 0o700); err != nil {
		return nil, err
	}
	return os.CreateTemp(SpoolDir, spoolPrefix+strconv.Itoa(os.Getpid())+"-*.csv")
}

// RemoveOrphanedSpools deletes the spooled uploads whose process no longer
// runs, and reports how many it removed.
func RemoveOrphanedSpools() (int, error) {
	entries, err := os.ReadDir(SpoolDir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	} else if err != nil {
		return 0, err
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		pid, ok := spoolPID(e.Name())
		if !ok || e.IsDir() || processRuns(pid) {
			continue
		}
		if err := os.Remove(filepath.Join(SpoolDir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}

func spoolPID(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, spoolPrefix)
	if !ok || !strings.HasSuffix(name, ".csv") {
		return 0, false
	}
	p, _, ok := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(p)
	return pid, ok && err == nil && pid > 0
}

// processRuns reports whether a process with this pid exists (signal 0
// checks without signalling). Our own pid counts as running: its files are
// in use.
func processRuns(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
