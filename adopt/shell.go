package adopt

import (
	"path/filepath"
	"strings"
)

// token is a shell word or one of the operators adopt tells apart: ; && || | ( ) & >.
type token struct {
	word string
	op   string
}

// shellTokens splits a command line as sh does for the parts adopt needs: words with
// their quotes removed, and the operators between commands. It does not expand
// anything (make already did; a remaining $VAR stays as written).
func shellTokens(s string) []token {
	var out []token
	var w strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			out = append(out, token{word: w.String()})
			w.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case c == '#' && !inWord:
			i = len(s) // a comment, to the end of the line
		case c == '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				w.WriteString(s[i+1:])
				i = len(s)
				break
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w.WriteByte(s[i])
			}
		case c == '\\' && i+1 < len(s):
			inWord = true
			i++
			w.WriteByte(s[i])
		case c == '>':
			// [n]>file, [n]>>file, [n]>&m: only the standard output's redirection
			// matters (2>&1 or 2>/dev/null leave it alone).
			fd := "1"
			if inWord && strings.Trim(w.String(), "0123456789") == "" {
				fd = w.String()
				w.Reset()
				inWord = false
			}
			flush()
			for i+1 < len(s) && s[i+1] == '>' {
				i++
			}
			if i+1 < len(s) && s[i+1] == '&' {
				i++
				for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
					i++
				}
				if fd == "1" {
					out = append(out, token{op: ">&"})
				}
				continue
			}
			if fd == "1" {
				out = append(out, token{op: ">"})
			} else {
				out = append(out, token{op: "<"}) // a file that is not the output
			}
		case c == ';' || c == '(' || c == ')' || c == '<':
			flush()
			out = append(out, token{op: string(c)})
		case c == '&' || c == '|':
			flush()
			if i+1 < len(s) && s[i+1] == c {
				out = append(out, token{op: string(c) + string(c)})
				i++
			} else {
				out = append(out, token{op: string(c)})
			}
		default:
			inWord = true
			w.WriteByte(c)
		}
	}
	flush()
	return out
}

// command is one simple command of a line: its words, the directory it runs in, and
// whether its standard output goes elsewhere than the terminal (a pipe, a file).
type command struct {
	words      []string
	dir        string
	redirected bool
}

// commands splits a line into its simple commands, following cd: `cd api;
// controller-gen ...` runs controller-gen in api. A cd inside ( ) ends with it.
func commands(line, dir string) []command {
	var out []command
	var cur []string
	stack := []string{dir}
	redirected := false
	end := func(next string) {
		if len(cur) == 0 {
			return
		}
		here := stack[len(stack)-1]
		if cur[0] == "cd" && len(cur) > 1 {
			stack[len(stack)-1] = resolve(here, cur[1])
		} else {
			if containerRun(cur) {
				here = containerDir(cur, here)
			}
			out = append(out, command{words: cur, dir: here, redirected: redirected || next == "|"})
		}
		cur, redirected = nil, false
	}
	target := false // the next word is a redirection's file
	for _, t := range shellTokens(line) {
		switch t.op {
		case "":
			if target {
				target = false
				continue
			}
			cur = append(cur, t.word)
		case ">":
			redirected, target = true, true
		case ">&":
			redirected = true
		case "<":
			target = true
		case "(":
			end("")
			stack = append(stack, stack[len(stack)-1])
		case ")":
			end("")
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		default:
			end(t.op)
		}
	}
	end("")
	return out
}

func resolve(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, filepath.FromSlash(p))
}

// controllerGenArgs returns the arguments of a command that runs controller-gen: the
// binary (any path whose name starts with controller-gen, as Makefiles name a
// versioned one), or `go run sigs.k8s.io/controller-tools/cmd/controller-gen[@v]`.
// Environment assignments and make's @ - + prefixes before it are skipped.
func controllerGenArgs(words []string) ([]string, bool) {
	for len(words) > 0 {
		w := strings.TrimLeft(words[0], "@-+")
		if w == "" || w == "env" || w == "exec" || isAssignment(w) {
			words = words[1:]
			continue
		}
		words[0] = w
		break
	}
	if len(words) == 0 {
		return nil, false
	}
	// A make function left unexpanded ($(call go-install-tool,...controller-gen,...))
	// is not a command that runs controller-gen.
	if base := filepath.Base(words[0]); strings.HasPrefix(base, "controller-gen") && !strings.ContainsAny(base, ",()") {
		return words[1:], true
	}
	if containerRun(words) {
		for i, w := range words[2:] {
			if base := filepath.Base(w); strings.HasPrefix(base, "controller-gen") && !strings.ContainsAny(base, ",()") {
				return words[i+3:], true
			}
		}
	}
	if filepath.Base(words[0]) == "go" && len(words) > 2 && words[1] == "run" {
		for i, w := range words[2:] {
			if strings.Contains(w, "controller-tools/cmd/controller-gen") {
				return words[i+3:], true
			}
			if !strings.HasPrefix(w, "-") {
				break
			}
		}
	}
	return nil, false
}

// containerRun reports whether a command runs a container (docker, podman, nerdctl
// run): controller-gen in a tooling image, over the repository mounted into it.
func containerRun(words []string) bool {
	if len(words) < 3 || words[1] != "run" {
		return false
	}
	switch filepath.Base(words[0]) {
	case "docker", "podman", "nerdctl":
		return true
	}
	return false
}

// containerDir is the host directory a containerized command works in: its --workdir
// inside a mount, else the mount of a directory inside the repository (the image's
// working directory is the repository it is given), else dir.
func containerDir(words []string, dir string) string {
	type mount struct{ host, ctr string }
	var mounts []mount
	workdir := ""
	for i := 2; i < len(words); i++ {
		w := words[i]
		next := func() string {
			if i+1 < len(words) {
				i++
				return words[i]
			}
			return ""
		}
		switch {
		case w == "-v" || w == "--volume":
			if host, ctr, ok := strings.Cut(next(), ":"); ok {
				ctr, _, _ = strings.Cut(ctr, ":")
				mounts = append(mounts, mount{resolve(dir, host), ctr})
			}
		case strings.HasPrefix(w, "--volume="):
			if host, ctr, ok := strings.Cut(strings.TrimPrefix(w, "--volume="), ":"); ok {
				ctr, _, _ = strings.Cut(ctr, ":")
				mounts = append(mounts, mount{resolve(dir, host), ctr})
			}
		case w == "-w" || w == "--workdir":
			workdir = next()
		case strings.HasPrefix(w, "--workdir="):
			workdir = strings.TrimPrefix(w, "--workdir=")
		}
	}
	for _, m := range mounts {
		if workdir != "" {
			if rel, err := filepath.Rel(m.ctr, workdir); err == nil && !strings.HasPrefix(rel, "..") {
				return filepath.Join(m.host, rel)
			}
			continue
		}
		if rel, err := filepath.Rel(dir, m.host); err == nil && !strings.HasPrefix(rel, "..") {
			return m.host
		}
	}
	return dir
}

func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for _, r := range name {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
