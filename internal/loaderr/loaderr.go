package loaderr

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// Error is one of the go command's errors: where (file:line:col, or empty) and what.
type Error struct {
	Pos string
	Msg string
}

func (e Error) String() string {
	if e.Pos == "" || e.Pos == "-" {
		return e.Msg
	}
	return e.Pos + ": " + e.Msg
}

// missingSum is the go command's message for a go.sum without a module's entry; it is
// repeated at every import of every package of that module.
var (
	missingSum    = regexp.MustCompile(`^missing go\.sum entry for module providing package (\S+)`)
	missingModSum = regexp.MustCompile(`^(\S+)@\S+: missing go\.sum entry for go\.mod file`)
)

// ListErrors returns the go command's errors (packages.ListError) of the packages and
// everything they import, each once, a missing go.sum entry once per module (see the
// package doc). root is the main module's directory; requires are the module paths
// its go.mod requires (RequiredModules), which tell the module of a package.
func ListErrors(root string, requires []string, pkgs []*packages.Package) []Error {
	var out []Error
	sumIndex := map[string]int{} // module → index in out of its missing go.sum entry
	moduleOf := func(pkg string) string {
		best := pkg
		for _, m := range requires {
			if (pkg == m || strings.HasPrefix(pkg, m+"/")) && (best == pkg || len(m) > len(best)) {
				best = m
			}
		}
		return best
	}
	inModule := func(pos string) bool {
		return root != "" && strings.HasPrefix(pos, root+string(filepath.Separator))
	}
	seen := map[string]bool{}
	packages.Visit(pkgs, func(p *packages.Package) bool {
		for _, e := range p.Errors {
			if e.Kind != packages.ListError || strings.Contains(e.Msg, "matched no packages") ||
				strings.HasPrefix(e.Msg, "build constraints exclude all Go files in ") {
				continue
			}
			msg := strings.TrimSpace(e.Msg)
			if seen[msg] {
				continue
			}
			seen[msg] = true
			mod := ""
			if m := missingSum.FindStringSubmatch(msg); m != nil {
				mod = moduleOf(m[1])
				// The go command's "to add: go get <the importing package>" names no
				// module to get: say which module go.sum lacks, and the usual fix.
				msg = "missing go.sum entry for module " + mod + ", which provides " + m[1] + ": run go mod tidy"
			} else if m := missingModSum.FindStringSubmatch(msg); m != nil {
				mod = m[1]
			}
			if mod != "" {
				if i, ok := sumIndex[mod]; ok {
					if !inModule(out[i].Pos) && inModule(e.Pos) {
						out[i] = Error{Pos: e.Pos, Msg: msg}
					}
					continue
				}
				sumIndex[mod] = len(out)
			}
			out = append(out, Error{Pos: e.Pos, Msg: msg})
		}
		return true
	}, nil)
	return out
}

// RequiredModules lists the module paths root/go.mod requires; nil when it cannot be
// read.
func RequiredModules(root string) []string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil
	}
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return nil
	}
	var out []string
	for _, r := range f.Require {
		out = append(out, r.Mod.Path)
	}
	return out
}
