package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docFiles are the documentation pages: README.md and docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"../../README.md"}, pages...)
}

// TestMarkersDoc keeps docs/markers.md's marker reference equal to what
// `opgen markers` prints, which is generated from the table the parser checks against.
func TestMarkersDoc(t *testing.T) {
	page, err := os.ReadFile("../../docs/markers.md")
	if err != nil {
		t.Fatal(err)
	}
	code, ref, _ := runOpgen(t, "markers")
	if code != 0 || ref == "" {
		t.Fatalf("opgen markers: exit %d", code)
	}
	if !strings.Contains(string(page), "```text\n"+ref+"```") {
		t.Fatal("docs/markers.md's reference differs from `opgen markers`; paste its output into the ```text block")
	}
}

// TestReadmeIsAFrontDoor holds the README to one screen to start: at most 150 lines,
// the two set-up commands, and the quickstart within its first 60 lines.
func TestReadmeIsAFrontDoor(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) > 151 {
		t.Errorf("README.md has %d lines; the reference belongs in docs/", len(lines))
	}
	for _, want := range []string{"bash hack/demo.sh ", "go test -timeout 45m ./... "} {
		if !strings.Contains(string(data), "\n"+want) {
			t.Errorf("README.md lacks the set-up command %q", want)
		}
	}
	quick := -1
	for i, l := range lines {
		if l == "## Quickstart" {
			quick = i
		}
	}
	if quick < 0 || quick > 40 || !strings.Contains(strings.Join(lines[quick:min(len(lines), 60)], "\n"), "opgen create api") {
		t.Errorf("the quickstart (opgen init to opgen create api) is not within README.md's first 60 lines")
	}
}

// shellBlock are the code blocks whose lines are commands; output goes in text blocks.
var shellBlock = map[string]bool{"sh": true, "shell": true, "bash": true, "console": true}

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading = regexp.MustCompile(`^#{1,6} (.*)$`)
)

// anchor is the id GitHub gives a Markdown heading.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && (r < 0x2000 || r > 0x2BFF):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDocs checks the documentation against the repository and the CLI: every
// relative link resolves (to a file, and to a heading of it when it names one), and
// every `opgen …` command line in a code block names commands and flags that exist.
func TestDocs(t *testing.T) {
	anchors := map[string]map[string]bool{}
	pageAnchors := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		a := map[string]bool{}
		if data, err := os.ReadFile(file); err == nil {
			inCode := false
			for _, l := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(l, "```") {
					inCode = !inCode
				}
				if m := heading.FindStringSubmatch(l); m != nil && !inCode {
					a[anchor(m[1])] = true
				}
			}
		}
		anchors[file] = a
		return a
	}
	commands := 0
	for _, page := range docFiles(t) {
		f, err := os.Open(page)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		inCode, shell, n := false, false, 0
		for sc.Scan() {
			n++
			line := sc.Text()
			where := filepath.Base(page) + ":" + strconv.Itoa(n)
			if strings.HasPrefix(line, "```") {
				inCode = !inCode
				shell = inCode && shellBlock[strings.TrimPrefix(line, "```")]
				continue
			}
			if inCode {
				if args := commandLine(line); args != nil && shell {
					commands++
					if err := parses(args); err != nil {
						t.Errorf("%s: %q: %v", where, line, err)
					}
				}
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, frag, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s: link %s: %v", where, target, err)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(path, ".md") && !pageAnchors(path)[frag] {
					t.Errorf("%s: link %s: no heading #%s in %s", where, target, frag, filepath.Base(path))
				}
			}
		}
		f.Close()
	}
	if commands < 10 {
		t.Errorf("only %d opgen command lines found in the documentation; the parser misses them", commands)
	}
}

// commandLine returns the arguments of an `opgen …` command on a documentation line,
// without the prompt, comments, what follows a pipe, and usage brackets; nil when the
// line runs no opgen command.
func commandLine(line string) []string {
	line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
	if !strings.HasPrefix(line, "opgen ") {
		return nil
	}
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	for _, sep := range []string{" | ", " && ", "; "} {
		if i := strings.Index(line, sep); i >= 0 {
			line = line[:i]
		}
	}
	line = strings.NewReplacer("[", " ", "]", " ", "...", " ", "…", " ").Replace(line)
	var args []string
	for _, f := range strings.Fields(line)[1:] {
		args = append(args, strings.Trim(f, `"'`))
	}
	return args
}

// parses runs the CLI's own command lookup and flag parsing on args, without running
// the command.
func parses(args []string) error {
	root := newRootCommand(nil, nil)
	cmd, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	if cmd.DisableFlagParsing {
		_, _, err := parseVetFlags(cmd, rest)
		return err
	}
	return cmd.ParseFlags(rest)
}
