package gotmpl

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"

	"github.com/opgen-dev/opgen/internal/gocmd"
)

// stdlibFirst moves every import of the standard library in src's parenthesized import
// block to its first group, so that a template assembled from parts (a suite and the
// chart part it includes) still has one standard-library group: goimports in
// format-only mode sorts within groups and never merges them. Other imports keep their
// groups and order; a group left empty disappears. src is returned unchanged when it
// does not parse (the formatter then reports why) or has no parenthesized block.
func stdlibFirst(src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return src
	}
	var decl *ast.GenDecl
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && g.Lparen.IsValid() {
			decl = g
			break
		}
	}
	if decl == nil {
		return src
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	var std []string
	var rest []string // lines, "" between groups
	prevLine := 0
	for _, s := range decl.Specs {
		is := s.(*ast.ImportSpec)
		if is.Doc != nil || is.Comment != nil {
			return src // a commented import keeps the template's layout
		}
		text := string(src[off(is.Pos()):off(is.End())])
		p, _ := strconv.Unquote(is.Path.Value)
		line := fset.Position(is.Pos()).Line
		if isStd(p) {
			std = append(std, text)
		} else {
			if prevLine != 0 && line > prevLine+1 && len(rest) > 0 && rest[len(rest)-1] != "" {
				rest = append(rest, "")
			}
			rest = append(rest, text)
		}
		prevLine = line
	}
	sort.Strings(std)
	var b bytes.Buffer
	b.Write(src[:off(decl.Lparen)+1])
	b.WriteString("\n")
	for _, s := range std {
		b.WriteString("\t" + s + "\n")
	}
	if len(std) > 0 && len(rest) > 0 {
		b.WriteString("\n")
	}
	for _, s := range rest {
		if s == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString("\t" + s + "\n")
	}
	b.Write(src[off(decl.Rparen):])
	return b.Bytes()
}

// isStd reports whether p is a package of the standard library, as goimports decides.
func isStd(p string) bool { return gocmd.IsStd(p) }
