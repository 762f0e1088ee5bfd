package analyzerdoc

import (
	"fmt"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"strings"
)

// Doc is an analyzer's documentation.
type Doc struct {
	Name    string
	Summary string
	// Body is everything after the summary, parsed.
	Body *comment.Doc
}

// Extract reads the documentation of analyzer name from the source of its doc.go.
func Extract(docGo, name string) (*Doc, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", docGo, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return nil, err
	}
	if f.Doc == nil {
		return nil, fmt.Errorf("analyzer %s: doc.go has no package comment", name)
	}
	var p comment.Parser
	parsed := p.Parse(f.Doc.Text())
	for i, b := range parsed.Content {
		h, ok := b.(*comment.Heading)
		if !ok || plain(h.Text) != "Analyzer "+name {
			continue
		}
		rest := parsed.Content[i+1:]
		if len(rest) == 0 {
			break
		}
		para, ok := rest[0].(*comment.Paragraph)
		summary, found := strings.CutPrefix(plain(para.Text), name+": ")
		if !ok || !found {
			return nil, fmt.Errorf("analyzer %s: the paragraph after \"# Analyzer %s\" must read %q", name, name, name+": <summary>")
		}
		return &Doc{Name: name, Summary: strings.Join(strings.Fields(summary), " "), Body: &comment.Doc{Content: rest[1:], Links: parsed.Links}}, nil
	}
	return nil, fmt.Errorf("analyzer %s: doc.go has no \"# Analyzer %s\" section", name, name)
}

// MustDoc is the Analyzer.Doc of analyzer name: the summary, a blank line, the body as
// text. It panics when doc.go is malformed, which every test of the analyzer shows.
func MustDoc(docGo, name string) string {
	d, err := Extract(docGo, name)
	if err != nil {
		panic(err)
	}
	var p comment.Printer
	p.TextWidth = 80
	return d.Summary + "\n\n" + strings.TrimSpace(string(p.Text(d.Body)))
}

// Markdown renders the documentation as a section of docs/vet.md: a heading with the
// name and summary, the body's headings one level below it.
func (d *Doc) Markdown(level int) string {
	// No heading IDs: every analyzer has its own Incident, Rule and Fix.
	p := comment.Printer{HeadingLevel: level + 1, HeadingID: func(*comment.Heading) string { return "" }}
	return fmt.Sprintf("%s %s — %s\n\n%s", strings.Repeat("#", level), d.Name, d.Summary, strings.TrimSpace(string(p.Markdown(d.Body))))
}

func plain(text []comment.Text) string {
	var b strings.Builder
	for _, t := range text {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(plain(t.Text))
		case *comment.DocLink:
			b.WriteString(plain(t.Text))
		}
	}
	return b.String()
}
