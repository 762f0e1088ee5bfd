package diag

import (
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Severity tells errors, which stop a run, from warnings, which do not.
type Severity int

const (
	// Error stops the run: nothing is written and the exit status is 1.
	Error Severity = iota
	// Warning is printed; the run goes on.
	Warning
)

// Diagnostic is one positioned problem.
type Diagnostic struct {
	Pos      token.Position
	Severity Severity
	Msg      string
}

// String formats the diagnostic as the Go compiler does: "file.go:12:4: message",
// with "warning: " before the message of a warning.
func (d Diagnostic) String() string {
	msg := d.Msg
	if d.Severity == Warning {
		msg = "warning: " + msg
	}
	if d.Pos.Filename == "" {
		return msg
	}
	if d.Pos.Line == 0 {
		return d.Pos.Filename + ": " + msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, msg)
}

// Diagnostics is what a run found, errors and warnings together.
type Diagnostics []Diagnostic

// Errorf adds an error at pos.
func (ds *Diagnostics) Errorf(pos token.Position, format string, a ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, a...)})
}

// Warnf adds a warning at pos.
func (ds *Diagnostics) Warnf(pos token.Position, format string, a ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, a...)})
}

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sorted returns the diagnostics ordered by file, line and column, with exact
// duplicates removed, and file names made relative to dir where they lie below it.
func (ds Diagnostics) Sorted(dir string) Diagnostics {
	out := make(Diagnostics, 0, len(ds))
	seen := map[string]bool{}
	for _, d := range ds {
		if dir != "" && filepath.IsAbs(d.Pos.Filename) {
			if rel, err := filepath.Rel(dir, d.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
				d.Pos.Filename = rel
			}
		}
		if k := d.String(); !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return out[i].Msg < out[j].Msg
	})
	return out
}

// Error makes the errors of ds an error value; nil when there are none.
func (ds Diagnostics) Err() error {
	if !ds.HasErrors() {
		return nil
	}
	return &DiagnosticsError{Diagnostics: ds}
}

// DiagnosticsError carries a run's diagnostics through an error return.
type DiagnosticsError struct{ Diagnostics Diagnostics }

func (e *DiagnosticsError) Error() string {
	var b strings.Builder
	n := 0
	for _, d := range e.Diagnostics {
		if d.Severity == Error {
			n++
			if n > 1 {
				b.WriteByte('\n')
			}
			b.WriteString(d.String())
		}
	}
	return b.String()
}

// ParsePos reads a position as go/packages and the go command write it,
// "file:line:col", "file:line" or "file"; "" or "-" is no position.
func ParsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	rest := s
	// The file name may itself hold colons (a Windows drive); the numbers are last.
	for i := 0; i < 2; i++ {
		j := strings.LastIndexByte(rest, ':')
		if j < 0 {
			break
		}
		n, err := strconv.Atoi(rest[j+1:])
		if err != nil || n < 0 {
			break
		}
		p.Column, p.Line = p.Line, n
		rest = rest[:j]
	}
	p.Filename = rest
	return p
}
