package markers

import (
	"fmt"

	"github.com/opgen-dev/opgen/diag"
	"github.com/opgen-dev/opgen/internal/suggest"

	"go/ast"
	"go/token"
	"strings"
)

// Marker is a checked marker at its position.
type Marker struct {
	Tag
	// Def is the marker's definition; never nil in a FileMarkers. For an Invalid marker
	// with an unknown name it is the definition the name is a misspelling of.
	Def *Def
	// Pos is the position of the marker's "+".
	Pos token.Position
	// Parsed is the marker's typed value (see [Get]); nil when Invalid.
	Parsed any
	// Invalid markers were reported as errors (a bad value, a misspelt name). They have
	// no effect, but they count as present for the rules between markers, so that one
	// mistake is reported once: a misspelt status-owner does not also make
	// observed-generation "need" one.
	Invalid bool
}

// Misplaced says that the marker is on the wrong declaration, place ("type Helper",
// "field Replicas", "kind Memcached", "the package clause"), and where it goes.
func (m Marker) Misplaced(place string) string {
	name := Prefix + m.Name
	switch m.Def.Target {
	case TargetKind:
		return fmt.Sprintf("%s applies to a root kind (a type with +kubebuilder:object:root=true that embeds metav1.ObjectMeta), not to %s: put it above the kind's type declaration", name, place)
	case TargetStatusField:
		return fmt.Sprintf("%s applies to a field of the Status struct of a kind with +opguard:status-owner, not to %s", name, place)
	default:
		return fmt.Sprintf("%s is a package marker, not one for %s: put it in the comments above the package clause", name, place)
	}
}

// At returns the position of the byte off bytes after the marker's "+".
func (m Marker) At(off int) token.Position {
	p := m.Pos
	p.Column += off
	p.Offset += off
	return p
}

// FileMarkers are the valid +opguard: markers of one file, by what they describe.
type FileMarkers struct {
	Package []Marker
	Types   map[*ast.TypeSpec][]Marker
	Fields  map[*ast.Field][]Marker
}

// ScanFile finds every +opguard: marker of file, checks it against [Defs] and attaches
// it (see the package documentation). Markers with problems are reported, and kept as
// Invalid when it is clear which marker was meant.
func ScanFile(fset *token.FileSet, file *ast.File) (FileMarkers, diag.Diagnostics) {
	fm := FileMarkers{Types: map[*ast.TypeSpec][]Marker{}, Fields: map[*ast.Field][]Marker{}}
	var diags diag.Diagnostics
	if !mentionsPrefix(file) {
		return fm, nil
	}
	att := attachments(fset, file)
	for _, group := range file.Comments {
		for _, c := range group.List {
			text, off, noSpace, ok := markerText(c.Text)
			if !ok {
				if strings.HasPrefix(c.Text, "/*") && strings.Contains(c.Text, "+opguard:") {
					diags.Warnf(fset.Position(c.Slash), "+opguard markers are read from // line comments only; this /* */ comment is ignored")
				}
				continue
			}
			pos := fset.Position(c.Slash + token.Pos(off))
			if noSpace {
				diags.Warnf(pos, "write \"// %s\" with a space after //: tools and editors treat //+ differently", strings.SplitN(text, "=", 2)[0])
			}
			tag, serr := Parse(text)
			if serr != nil {
				p := pos
				p.Column += serr.Offset
				diags.Errorf(p, "malformed marker: %s", serr.Msg)
				continue
			}
			def, probs := Check(tag)
			for _, pr := range probs {
				p := pos
				p.Column += pr.Offset
				diags.Errorf(p, "%s", pr.Msg)
			}
			if def == nil {
				def = Lookup(suggest.Closest(tag.Name, defNames()))
			}
			if def == nil {
				continue
			}
			m := Marker{Tag: tag, Def: def, Pos: pos, Invalid: len(probs) > 0}
			if !m.Invalid {
				m.Parsed = def.decode(tag)
			}
			switch a := att[group]; {
			case a.pkg:
				fm.Package = append(fm.Package, m)
			case a.typ != nil:
				fm.Types[a.typ] = append(fm.Types[a.typ], m)
			case a.field != nil:
				fm.Fields[a.field] = append(fm.Fields[a.field], m)
			case m.Invalid:
				// Reported already.
			default:
				diags.Warnf(pos, "%s%s is not attached to a declaration and is ignored: put it in the doc comment of the %s it describes, or in the comment group one blank line above that doc comment",
					Prefix, tag.Name, def.Target)
			}
		}
	}
	return fm, diags
}

func mentionsPrefix(file *ast.File) bool {
	for _, g := range file.Comments {
		for _, c := range g.List {
			if strings.Contains(c.Text, "+opguard") {
				return true
			}
		}
	}
	return false
}

// markerText returns the marker in a comment's text, its byte offset in the comment
// and whether the space after "//" is missing.
func markerText(comment string) (text string, off int, noSpace, ok bool) {
	if !strings.HasPrefix(comment, "//") {
		return "", 0, false, false
	}
	rest := comment[2:]
	trimmed := strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(trimmed, "+opguard") {
		return "", 0, false, false
	}
	// "+opguardian" is somebody else's marker; "+opguard", "+opguard:", "+opguard=" are ours.
	if tail := trimmed[len("+opguard"):]; tail != "" && isKeyByte(tail[0], false) {
		return "", 0, false, false
	}
	return strings.TrimRight(trimmed, " \t"), 2 + len(rest) - len(trimmed), len(trimmed) == len(rest), true
}

type attachment struct {
	pkg   bool
	typ   *ast.TypeSpec
	field *ast.Field
}

// attachments maps each comment group that describes something to what it describes.
func attachments(fset *token.FileSet, file *ast.File) map[*ast.CommentGroup]attachment {
	att := map[*ast.CommentGroup]attachment{}
	claimed := map[*ast.CommentGroup]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			claimed[n.Doc] = true
		case *ast.FuncDecl:
			claimed[n.Doc] = true
		case *ast.TypeSpec:
			claimed[n.Doc], claimed[n.Comment] = true, true
		case *ast.ValueSpec:
			claimed[n.Doc], claimed[n.Comment] = true, true
		case *ast.Field:
			claimed[n.Doc], claimed[n.Comment] = true, true
		}
		return true
	})
	delete(claimed, nil)

	for _, g := range file.Comments {
		if g.End() < file.Package {
			att[g] = attachment{pkg: true}
		}
	}
	// above returns the unclaimed group that ends exactly one blank line above line.
	above := func(line int) *ast.CommentGroup {
		for _, g := range file.Comments {
			if !claimed[g] && fset.Position(g.End()).Line == line-2 {
				return g
			}
		}
		return nil
	}
	attach := func(doc *ast.CommentGroup, start token.Pos, a attachment) {
		line := fset.Position(start).Line
		if doc != nil {
			att[doc] = a
			line = fset.Position(doc.Pos()).Line
		}
		if g := above(line); g != nil {
			if _, taken := att[g]; !taken {
				att[g] = a
			}
		}
	}
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			doc, start := ts.Doc, ts.Pos()
			if gd.Lparen == token.NoPos {
				if doc == nil {
					doc = gd.Doc
				}
				start = gd.Pos()
			}
			attach(doc, start, attachment{typ: ts})
			ast.Inspect(ts.Type, func(n ast.Node) bool {
				if st, ok := n.(*ast.StructType); ok {
					for _, f := range st.Fields.List {
						attach(f.Doc, f.Pos(), attachment{field: f})
					}
				}
				return true
			})
		}
	}
	return att
}
