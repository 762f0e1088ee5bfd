package output

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// JournalName is the file, at the module root, that records a run while it changes
// the tree: which temporary file becomes which target, and which files go. It exists
// only during Apply, or after a run that was killed.
const JournalName = ".opgen-journal"

// journal is what JournalName holds.
type journal struct {
	// Phase is "write" while the temporary files are written (the tree is still the
	// old one), "commit" once they all are (the tree is on its way to the new one).
	Phase   string         `json:"phase"`
	Entries []journalEntry `json:"entries"`
}

type journalEntry struct {
	Path string `json:"path"`
	// Temp is the temporary file beside Path that replaces it; "" deletes Path.
	Temp string `json:"temp,omitempty"`
}

// Apply carries the plan out, all or nothing, whatever stops it:
//
//  1. the journal is written (phase "write"), naming every temporary file and target;
//  2. every new content goes to a temporary file beside its target, synced to disk;
//     a cancelled ctx (SIGINT, SIGTERM) stops here: the temporary files and the journal
//     are removed and the tree is the old one;
//  3. the journal moves to phase "commit";
//  4. the temporary files are renamed onto their targets and deleted files removed, and
//     ctx is no longer heeded: this takes milliseconds;
//  5. the journal is removed.
//
// A process killed between 1 and 3 leaves the old tree; between 3 and 5 a mixed one.
// [Recover], which every run calls first, finishes what the journal says: it removes
// the temporary files of a "write" journal and completes a "commit" one.
func (p *Plan) Apply(ctx context.Context) (err error) {
	var entries []journalEntry
	temps := map[string]string{}
	for _, c := range p.Changes {
		switch c.Action {
		case Create, Update:
			temps[c.Path] = tempPath(c.Path)
			entries = append(entries, journalEntry{Path: c.Path, Temp: temps[c.Path]})
		case Delete:
			entries = append(entries, journalEntry{Path: c.Path})
		}
	}
	if len(entries) == 0 {
		return nil
	}
	unlock, err := lock(p.Root)
	if err != nil {
		return err
	}
	defer unlock()
	f := newFaults()
	if err := writeJournal(p.Root, journal{Phase: "write", Entries: entries}); err != nil {
		return err
	}
	f.step(ctx)
	var madeDirs []string
	defer func() {
		var ce *commitError
		if err == nil || errors.As(err, &ce) {
			return
		}
		for _, e := range entries {
			if e.Temp != "" {
				os.Remove(p.abs(e.Temp))
			}
		}
		for i := len(madeDirs) - 1; i >= 0; i-- {
			os.Remove(madeDirs[i])
		}
		os.Remove(p.abs(JournalName))
	}()
	var writes []Change
	for _, c := range p.Changes {
		if c.Action != Create && c.Action != Update {
			continue
		}
		made, err := mkdirAll(filepath.Dir(p.abs(c.Path)))
		madeDirs = append(madeDirs, made...)
		if err != nil {
			return err
		}
		writes = append(writes, c)
	}
	// The temporary files are written and synced in parallel: a first run writes
	// hundreds, and each sync waits for the disk.
	work := make(chan Change)
	errs := make(chan error, len(writes))
	var wg sync.WaitGroup
	for w := 0; w < min(8, len(writes)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				if ctx.Err() != nil {
					continue
				}
				if err := writeSynced(p.abs(temps[c.Path]), c.New); err != nil {
					errs <- fmt.Errorf("writing %s: %w", c.Path, err)
					continue
				}
				f.step(ctx)
			}
		}()
	}
	for _, c := range writes {
		work <- c
	}
	close(work)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	if err := writeJournal(p.Root, journal{Phase: "commit", Entries: entries}); err != nil {
		return err
	}
	// From here on the new tree is decided: finish it, and leave a failure to Recover.
	f.step(ctx)
	for _, e := range entries {
		if _, err := commit(p.Root, e); err != nil {
			return &commitError{err}
		}
		f.step(ctx)
	}
	return os.Remove(p.abs(JournalName))
}

// commitError is a failure after the journal said "commit": the deferred clean-up must
// not remove the temporary files the next run needs to finish.
type commitError struct{ err error }

func (e *commitError) Error() string {
	return fmt.Sprintf("%v (the next opgen run finishes the change)", e.err)
}

func (e *commitError) Unwrap() error { return e.err }

// commit carries out one entry, and reports whether it changed anything: a second
// commit of the same entry (after a kill) finds it done.
func commit(root string, e journalEntry) (bool, error) {
	dst := filepath.Join(root, filepath.FromSlash(e.Path))
	if e.Temp == "" {
		err := os.Remove(dst)
		if os.IsNotExist(err) {
			return false, nil
		}
		return err == nil, err
	}
	tmp := filepath.Join(root, filepath.FromSlash(e.Temp))
	if err := os.Rename(tmp, dst); err != nil {
		if _, statErr := os.Lstat(tmp); os.IsNotExist(statErr) {
			return false, nil // renamed already, before a kill
		}
		return false, err
	}
	return true, nil
}

func (p *Plan) abs(rel string) string { return filepath.Join(p.Root, filepath.FromSlash(rel)) }

// tempPath names the temporary file beside a target: ".<name>.opgen-<random>".
func tempPath(rel string) string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return path.Join(path.Dir(rel), "."+path.Base(rel)+".opgen-"+hex.EncodeToString(b[:]))
}

func writeSynced(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeJournal replaces the journal atomically: a temporary file, synced, renamed.
func writeJournal(root string, j journal) error {
	data, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(root, JournalName+".new")
	os.Remove(tmp)
	if err := writeSynced(tmp, append(data, '\n')); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(root, JournalName)); err != nil {
		return err
	}
	return syncDir(root)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// Pending reports whether an interrupted run left a journal in root, and its phase.
func Pending(root string) (phase string, ok bool) {
	j, err := readJournal(root)
	if err != nil {
		if _, statErr := os.Stat(filepath.Join(root, JournalName)); statErr == nil {
			return "unreadable", true
		}
		return "", false
	}
	return j.Phase, true
}

func readJournal(root string) (journal, error) {
	var j journal
	data, err := os.ReadFile(filepath.Join(root, JournalName))
	if err != nil {
		return j, err
	}
	if err := json.Unmarshal(data, &j); err != nil {
		return j, fmt.Errorf("%s: %v", JournalName, err)
	}
	return j, nil
}

// Recovery is what Recover did.
type Recovery struct {
	// Finished counts the targets a "commit" journal's run had not reached.
	Finished int
	// Undone counts the temporary files a "write" journal's run left.
	Undone int
}

// Recover finishes what an interrupted Apply left in root, if anything: the changes of
// a "commit" journal are completed, the temporary files of a "write" journal removed,
// so the tree is wholly the new one or wholly the old one. It returns nil when there
// was nothing to do.
func Recover(root string) (*Recovery, error) {
	os.Remove(filepath.Join(root, JournalName+".new"))
	j, err := readJournal(root)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	unlock, err := lock(root)
	if err != nil {
		return nil, err
	}
	defer unlock()
	r := &Recovery{}
	for _, e := range j.Entries {
		if !safeJournalPath(e.Path) || e.Temp != "" && !safeJournalPath(e.Temp) {
			return nil, fmt.Errorf("%s: path %q outside the module; remove the file by hand", JournalName, e.Path)
		}
		switch j.Phase {
		case "commit":
			did, err := commit(root, e)
			if err != nil {
				return nil, err
			}
			if did {
				r.Finished++
			}
		default:
			if e.Temp != "" && os.Remove(filepath.Join(root, filepath.FromSlash(e.Temp))) == nil {
				r.Undone++
			}
		}
	}
	if err := os.Remove(filepath.Join(root, JournalName)); err != nil {
		return nil, err
	}
	return r, nil
}

func safeJournalPath(p string) bool {
	clean := path.Clean(p)
	return p != "" && !path.IsAbs(clean) && clean != ".." && !strings.HasPrefix(clean, "../") && !inGit(clean)
}

// mkdirAll is os.MkdirAll that returns the directories it created, outermost first.
func mkdirAll(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append([]string{d}, missing...)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !os.IsExist(err) {
			return missing[:i], err
		}
	}
	return missing, nil
}
