package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/tools/go/analysis"

	"github.com/opgen-dev/opgen/vet"
)

// vetFinding is one line of `opgen vet -json`.
type vetFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Analyzer string `json:"analyzer"`
	Message  string `json:"message"`
	// Fix names the suggested fix, when there is one.
	Fix string `json:"fix,omitempty"`
	// FixOptIn reports that the fix can change what the program does, so -fix applies
	// it only when its analyzer is named (-fix=deepequal).
	FixOptIn bool `json:"fixOptIn,omitempty"`
}

// vetError is what `opgen vet -json` writes when it could not run (exit status 2):
// the error, and for packages that do not load, each cause on its own.
type vetError struct {
	Error  string   `json:"error"`
	Causes []string `json:"causes,omitempty"`
}

// Exit statuses of opgen vet, as generate --check's: no finding, findings, could not
// run (the packages do not load, a flag is wrong, a fix could not be written).
const (
	vetFindings    = 1
	vetCouldNotRun = 2
)

// printFindings prints findings as file:line:col: message (analyzer), paths relative to
// wd and sorted by them, or as a JSON array.
func printFindings(w io.Writer, wd string, findings []vet.Finding, asJSON bool) error {
	if asJSON {
		out := make([]vetFinding, 0, len(findings))
		for _, f := range findings {
			vf := vetFinding{File: relPath(wd, f.Pos.Filename), Line: f.Pos.Line, Column: f.Pos.Column, Analyzer: f.Analyzer, Message: f.Message}
			if f.Fix != nil {
				vf.Fix = f.Fix.Message
				vf.FixOptIn = vet.FixChangesBehaviour(f.Analyzer)
			}
			out = append(out, vf)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	lines := make([]string, 0, len(findings))
	for _, f := range findings {
		lines = append(lines, fmt.Sprintf("%s:%d:%d: %s (%s)", relPath(wd, f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Message, f.Analyzer))
	}
	// Sorted again after relativizing, so the order is that of the printed paths.
	sort.SliceStable(lines, func(i, j int) bool { return lessPosition(lines[i], lines[j]) })
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return nil
}

// printVetError writes err as a vetError object, paths relative to wd.
func printVetError(w io.Writer, wd string, err error) {
	rel := func(s string) string {
		if wd == "" {
			return s
		}
		return strings.ReplaceAll(s, wd+string(filepath.Separator), "")
	}
	out := vetError{Error: rel(err.Error())}
	var le *vet.LoadError
	if errors.As(err, &le) {
		out.Error = vet.ErrLoad.Error()
		for _, c := range le.Causes {
			out.Causes = append(out.Causes, rel(c))
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(out)
}

// fixHelp is the -fix paragraph of opgen vet --help, from vet.Fixers (docs/vet.md says
// the same, which TestVetHelpMatchesDocs holds).
func fixHelp() string {
	var b strings.Builder
	b.WriteString("With -fix, the suggested fixes that cannot change what the program does are written\n" +
		"to the files, and only what is left is printed:\n")
	for _, f := range vet.Fixers {
		if f.Changes == "" {
			b.WriteString(wrapItem(f.Analyzer + ": " + f.Does + "."))
		}
	}
	b.WriteString("A fix that can change what the program does is applied only when its analyzer is\n" +
		"named (-fix=deepequal,statusupdate); -fix=all applies every fix:\n")
	for _, f := range vet.Fixers {
		if f.Changes != "" {
			b.WriteString(wrapItem("-fix=" + f.Analyzer + ": " + f.Does + "; it changes behaviour: " + f.Changes + "."))
		}
	}
	return b.String()
}

// wrapItem formats s as a list item of --help: "  - " then lines of at most 88
// columns, indented under the first.
func wrapItem(s string) string {
	var b strings.Builder
	line := "  -"
	for _, w := range strings.Fields(s) {
		if len(line)+1+len(w) > 88 {
			b.WriteString(line + "\n")
			line = "   "
		}
		line += " " + w
	}
	return b.String() + line + "\n"
}

func newVetCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var asJSON bool
	var fix string
	var disable []string
	// Each analyzer flag is offered as --<analyzer>.<flag>, the spelling go vet uses
	// with -vettool, and set on the analyzer before every run (its value is global).
	type analyzerFlag struct {
		a     *analysis.Analyzer
		name  string
		value *string
	}
	var aflags []analyzerFlag
	cmd := &cobra.Command{
		Use:   "vet [packages]",
		Short: "Find the 409-storm and update-loop anti-patterns in controller code (default ./...)",
		Long: `Run opgen's analyzers on the given packages (default ./...) and print every finding
as file:line:col: message (analyzer), relative to the working directory, sorted.
The exit status is 0 when nothing is found, 1 when something is, and 2 when opgen vet
could not run: the packages do not load (the go command's cause is printed first, before
any type-checking), or a flag is wrong. With -json the output is a JSON array of
findings, or, when it could not run, a JSON object {"error", "causes"}.

Analyzers: ` + strings.Join(analyzerNames(vet.Analyzers), ", ") + `.
A finding is silenced by "//opguard:ignore <analyzer> <reason>" on its line or alone
on the line above; the reason is required.

` + fixHelp() + `
The same analyzers run as go vet -vettool=$(which opgen-vet).

Flags may be written with one dash, as go vet's are (-json, -fix, -disable=x).`,
		// Flags are parsed below, so that go vet's one-dash spelling works too.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, rawArgs := "", args
			fail := func(err error) error {
				if asJSON || jsonAsked(rawArgs) {
					printVetError(stdout, wd, err)
				}
				if wd != "" {
					err = relativeError{err, wd}
				}
				return exitError{code: vetCouldNotRun, err: err}
			}
			args, help, err := parseVetFlags(cmd, args)
			if err != nil {
				return fail(err)
			}
			if help {
				return cmd.Help()
			}
			if wd, err = workDir(*dir); err != nil {
				return fail(err)
			}
			analyzers, err := selectAnalyzers(disable)
			if err != nil {
				return fail(err)
			}
			switch fix { // go vet's spelling of a bool flag
			case "true":
				fix = "safe"
			case "false":
				fix = ""
			}
			var applies func(vet.Finding) bool
			if fix != "" {
				if applies, err = vet.FixSelection(fix); err != nil {
					return fail(fmt.Errorf("--fix: %v", err))
				}
			}
			for _, f := range aflags {
				if err := f.a.Flags.Set(f.name, *f.value); err != nil {
					return fail(fmt.Errorf("--%s.%s: %v", f.a.Name, f.name, err))
				}
			}
			findings, err := vet.Check(cmd.Context(), vet.Config{Dir: wd, Patterns: args, Analyzers: analyzers})
			if err != nil {
				return fail(err)
			}
			if applies != nil {
				var chosen []vet.Finding
				optIn := map[string]int{}
				for _, f := range findings {
					if f.Fix != nil && !applies(f) {
						optIn[f.Analyzer]++
						f.Fix = nil
					}
					chosen = append(chosen, f)
				}
				fixed, err := vet.Fixes(chosen)
				if err != nil {
					return fail(err)
				}
				if err := writeFixed(fixed.Files); err != nil {
					return fail(err)
				}
				if len(fixed.Applied) > 0 {
					fmt.Fprintf(stderr, "opgen vet: applied %d fixes in %d files\n", len(fixed.Applied), len(fixed.Files))
					// A fix may remove the code other findings were about (a status
					// write moved to the generated writer): what is left is what a new
					// look at the fixed code finds.
					if findings, err = vet.Check(cmd.Context(), vet.Config{Dir: wd, Patterns: args, Analyzers: analyzers}); err != nil {
						return fail(err)
					}
				}
				for _, name := range slices.Sorted(maps.Keys(optIn)) {
					fmt.Fprintf(stderr, "opgen vet: %d %s fixes not applied: they can change what the program does (-fix=%s applies them)\n", optIn[name], name, name)
				}
			}
			if err := printFindings(stdout, wd, findings, asJSON); err != nil {
				return fail(err)
			}
			if len(findings) > 0 {
				return exitError{code: vetFindings}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print findings as a JSON array of {file, line, column, analyzer, message, fix, fixOptIn}; an object {error, causes} when vet could not run")
	cmd.Flags().StringVar(&fix, "fix", "", "apply suggested fixes to the files, then print what is left: bare, those that cannot change what the program does; =<analyzer>,... also those analyzers' fixes; =all every fix")
	cmd.Flags().Lookup("fix").NoOptDefVal = "safe"
	cmd.Flags().StringSliceVar(&disable, "disable", nil, "analyzers not to run, comma-separated")
	for _, a := range vet.Analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) {
			v := new(string)
			cmd.Flags().StringVar(v, a.Name+"."+f.Name, f.DefValue, f.Usage)
			aflags = append(aflags, analyzerFlag{a, f.Name, v})
		})
	}
	return cmd
}

// jsonAsked reports whether the arguments ask for -json, for an error found before
// the flags are parsed.
func jsonAsked(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		switch a {
		case "-json", "--json", "-json=true", "--json=true":
			return true
		}
	}
	return false
}

// parseVetFlags parses the command's own and inherited flags (-C) from args, after
// turning go vet's one-dash long flags (-json, -disable=x) into pflag's two-dash
// form, and returns the package patterns and whether help was asked for.
func parseVetFlags(cmd *cobra.Command, args []string) ([]string, bool, error) {
	cmd.InitDefaultHelpFlag()
	fs := pflag.NewFlagSet("vet", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.AddFlagSet(cmd.Flags())
	fs.AddFlagSet(cmd.InheritedFlags())
	norm := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			norm = append(norm, args[i:]...)
			break
		}
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && len(a) > 2 {
			name, _, _ := strings.Cut(a[1:], "=")
			if fs.Lookup(name) != nil {
				a = "-" + a
			}
		}
		norm = append(norm, a)
	}
	if err := fs.Parse(norm); err != nil {
		return nil, false, err
	}
	help, _ := fs.GetBool("help")
	return fs.Args(), help, nil
}

func analyzerNames(as []*analysis.Analyzer) []string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = a.Name
	}
	return names
}

// selectAnalyzers is every analyzer except the disabled ones; an unknown name is an
// error rather than a check silently left on.
func selectAnalyzers(disable []string) ([]*analysis.Analyzer, error) {
	for _, name := range disable {
		if vet.ByName(name) == nil {
			return nil, fmt.Errorf("--disable: unknown analyzer %q (have %s)", name, strings.Join(analyzerNames(vet.Analyzers), ", "))
		}
	}
	var out []*analysis.Analyzer
	for _, a := range vet.Analyzers {
		if !slices.Contains(disable, a.Name) {
			out = append(out, a)
		}
	}
	return out, nil
}

// relPath is name relative to wd when it lies below it, as the compiler prints it.
func relPath(wd, name string) string {
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}

// lessPosition orders "file:line:col: …" lines by file, then line and column as numbers.
func lessPosition(a, b string) bool {
	fa, la, ca := splitPosition(a)
	fb, lb, cb := splitPosition(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	if ca != cb {
		return ca < cb
	}
	return a < b
}

func splitPosition(s string) (file string, line, col int) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) < 3 {
		return s, 0, 0
	}
	fmt.Sscan(parts[1], &line)
	fmt.Sscan(parts[2], &col)
	return parts[0], line, col
}

// writeFixed writes every file beside its target first and renames them into place
// only when all were written, so a failure leaves the tree as it was.
func writeFixed(files map[string][]byte) error {
	names := slices.Sorted(maps.Keys(files))
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for _, name := range names {
		info, err := os.Stat(name)
		if err != nil {
			cleanup()
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(name), ".opgen-vet-*")
		if err != nil {
			cleanup()
			return err
		}
		temps = append(temps, f.Name())
		_, werr := f.Write(files[name])
		cerr := f.Close()
		if err := errors.Join(werr, cerr, os.Chmod(f.Name(), info.Mode().Perm())); err != nil {
			cleanup()
			return err
		}
	}
	for i, name := range names {
		if err := os.Rename(temps[i], name); err != nil {
			cleanup()
			return err
		}
	}
	return nil
}
