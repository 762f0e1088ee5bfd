package generator

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/generator/contract"
)

// resolveOptions fills in the defaults and turns every output location into a clean
// slash path relative to the module root. A location outside the module, or inside a
// .git directory, is refused: no write may leave the module. A relative location is
// relative to the module root, whatever the working directory; an absolute one must
// lie inside the module.
func resolveOptions(opts contract.Options, root string) (contract.Options, error) {
	for _, d := range []struct {
		flag string
		dst  *string
		def  string
	}{
		{"--crd-dir", &opts.CRDDir, DefaultOptions.CRDDir},
		{"--rbac-dir", &opts.RBACDir, DefaultOptions.RBACDir},
		{"--apf-dir", &opts.APFDir, DefaultOptions.APFDir},
		{"--controller-dir", &opts.ControllerDir, DefaultOptions.ControllerDir},
		{"--main-path", &opts.MainPath, DefaultOptions.MainPath},
	} {
		if *d.dst == "" {
			*d.dst = d.def
		}
		if d.flag == "--main-path" && *d.dst == contract.NoMain {
			continue
		}
		rel, err := ModulePath(root, *d.dst)
		if err != nil {
			return opts, fmt.Errorf("%s %s: %v", d.flag, *d.dst, err)
		}
		if rel == "." {
			if d.flag == "--main-path" {
				return opts, fmt.Errorf("%s %s: names the module root, not a file", d.flag, *d.dst)
			}
		}
		*d.dst = rel
	}
	if opts.RoleName == "" {
		opts.RoleName = "manager-role"
		// An existing role.yaml, controller-gen's or opgen's, keeps its name
		// (rbac:roleName=keda-operator).
		if data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(opts.RBACDir), "role.yaml")); err == nil {
			if n := artifact.RoleName(bytes.TrimPrefix(data, []byte(artifact.YAMLHeader+"\n"))); n != "" {
				opts.RoleName = n
			}
		}
	}
	return opts, nil
}

// ModulePath turns a location given relative to the module root (or absolute) into a
// clean slash path relative to it, and refuses one outside the module or in .git.
func ModulePath(root, p string) (string, error) {
	native := filepath.FromSlash(p)
	if filepath.IsAbs(native) {
		rel, err := filepath.Rel(root, native)
		if err != nil {
			return "", fmt.Errorf("outside the module root %s", root)
		}
		native = rel
	}
	rel := path.Clean(filepath.ToSlash(native))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("outside the module root %s", root)
	}
	for _, part := range strings.Split(rel, "/") {
		if part == ".git" {
			return "", fmt.Errorf("inside .git")
		}
	}
	return rel, nil
}

// DefaultHeaderFile is the license header kubebuilder scaffolds and passes to
// controller-gen; opgen uses it when it is there and no --header-file is given.
const DefaultHeaderFile = "hack/boilerplate.go.txt"

// license reads the header file, checks that it is Go comments only, and replaces
// " YEAR" in it as controller-gen does: with " " and the year, which is the one given,
// else the one the existing generated files carry (so a run next January changes no
// byte), else none (controller-gen's default).
func license(opts contract.Options, root string, existing [][]byte) (string, error) {
	file, given := opts.HeaderFile, opts.HeaderFile != ""
	if !given {
		file = DefaultHeaderFile
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(root, filepath.FromSlash(file))
	}
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) && !given {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("--header-file: %v", err)
	}
	// Line ends as gofmt leaves them: a header file saved with CRLF (seen in the wild)
	// is written with LF, as controller-gen's formatted output has it.
	text := strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), " \t\r\n")
	if text == "" {
		return "", nil
	}
	if !onlyComments(text) {
		return "", fmt.Errorf("--header-file %s: not Go comments (// lines or a /* */ block), as a header above the package clause must be", opts.HeaderFile)
	}
	if !strings.Contains(text, " YEAR") {
		return text, nil
	}
	year := opts.Year
	if year == "" {
		year = existingYear(text, existing)
	}
	return strings.ReplaceAll(text, " YEAR", " "+year), nil
}

// onlyComments reports whether src holds nothing but Go comments.
func onlyComments(src string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), []byte(src), nil, scanner.ScanComments)
	for {
		_, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return true
		case token.COMMENT:
		case token.SEMICOLON: // the scanner's automatic one after a line comment
		default:
			return false
		}
	}
}

// existingYear finds the year an existing generated file's header carries in place of
// YEAR.
func existingYear(text string, existing [][]byte) string {
	re := regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(text), " YEAR", ` (\d{4})?`))
	for _, src := range existing {
		if m := re.FindSubmatch(src); m != nil {
			return string(m[1])
		}
	}
	return ""
}
