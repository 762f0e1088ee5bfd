package generator

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"runtime"
	"strconv"
	"sync"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/loader"

	"github.com/opgen-dev/opgen/diag"
)

// prefetch parses, ahead of controller-tools, the packages a run will type-check: the
// root packages, and the packages that the type declarations of the API packages refer
// to, and theirs in turn (the set controller-tools' type checker walks). Function
// bodies of imported packages are blanked out before parsing (type-checking skips them
// anyway, and in k8s.io/api they are most of the source), object resolution is
// skipped, and files are parsed in parallel. controller-tools' loader finds the syntax
// in place and does not parse again.
//
// A root whose files do not parse gets its syntax errors back as diagnostics, and
// empty syntax, so that nothing parses it again from the disk. The overlay's contents
// replace the disk's.
func prefetch(fset *token.FileSet, roots []*loader.Package, overlay map[string][]byte) diag.Diagnostics {
	var level, api []*packages.Package
	seen := map[*packages.Package]bool{}
	for _, r := range roots {
		seen[r.Package] = true
		level = append(level, r.Package)
		if declaresKinds(r.Package, overlay) {
			api = append(api, r.Package)
		}
	}
	ds := parseAll(fset, level, true, overlay)
	for next := referenced(api, seen); len(next) > 0; next = referenced(next, seen) {
		parseAll(fset, next, false, nil)
	}
	return ds
}

// referenced returns the packages, not seen before, that the type declarations of pkgs
// refer to.
func referenced(pkgs []*packages.Package, seen map[*packages.Package]bool) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			names := map[string]*packages.Package{}
			for _, imp := range f.Imports {
				path, err := strconv.Unquote(imp.Path.Value)
				ip := p.Imports[path]
				if err != nil || ip == nil {
					continue
				}
				name := ip.Name
				if imp.Name != nil {
					name = imp.Name.Name
				}
				names[name] = ip
			}
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				ast.Inspect(gd, func(n ast.Node) bool {
					sel, ok := n.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					if x, ok := sel.X.(*ast.Ident); ok {
						if ip := names[x.Name]; ip != nil && !seen[ip] && ip.Syntax == nil && len(ip.CompiledGoFiles) > 0 {
							seen[ip] = true
							out = append(out, ip)
						}
					}
					return false
				})
			}
		}
	}
	return out
}

// parseAll parses the packages' files in parallel; full keeps function bodies and
// reports syntax errors (the packages are the run's own), and marks a package that
// fails with empty syntax.
func parseAll(fset *token.FileSet, pkgs []*packages.Package, full bool, overlay map[string][]byte) diag.Diagnostics {
	type fileJob struct{ pkg, i int }
	syntax := make([][]*ast.File, len(pkgs))
	failed := make([]bool, len(pkgs))
	var work []fileJob
	for j, p := range pkgs {
		syntax[j] = make([]*ast.File, len(p.CompiledGoFiles))
		for i := range p.CompiledGoFiles {
			work = append(work, fileJob{j, i})
		}
	}
	var mu sync.Mutex
	var ds diag.Diagnostics
	ch := make(chan fileJob)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for fj := range ch {
				name := pkgs[fj.pkg].CompiledGoFiles[fj.i]
				src, err := readSource(name, overlay)
				var f *ast.File
				if err == nil {
					if !full {
						src = blankBodies(src)
					}
					f, err = parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
				}
				mu.Lock()
				if err != nil {
					failed[fj.pkg] = true
					if full {
						ds = append(ds, parseDiagnostics(err)...)
					}
				} else {
					syntax[fj.pkg][fj.i] = f
				}
				mu.Unlock()
			}
		}()
	}
	for _, fj := range work {
		ch <- fj
	}
	close(ch)
	wg.Wait()
	for j, p := range pkgs {
		switch {
		case !failed[j]:
			p.Syntax = syntax[j]
		case full:
			// Reported above; controller-tools would parse it again and fail again.
			p.Syntax = []*ast.File{}
		}
		// An imported package that fails is left to controller-tools, which records
		// the error on it.
	}
	return ds
}

// declaresKinds is a cheap test for an API package: a file mentions the root marker.
func declaresKinds(p *packages.Package, overlay map[string][]byte) bool {
	for _, f := range p.CompiledGoFiles {
		if src, err := readSource(f, overlay); err == nil && bytes.Contains(src, rootMarker) {
			return true
		}
	}
	return false
}

// blankBodies replaces the bodies of top-level functions and methods, and of function
// literals outside any brace, with spaces, keeping newlines so positions stay true.
func blankBodies(src []byte) []byte {
	out := append([]byte(nil), src...)
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	var (
		inSig     bool // after func, before its body
		parens    int
		typeBrace int // braces of struct{} / interface{} in a signature
		prev      token.Token
	)
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		switch tok {
		case token.FUNC:
			if parens == 0 && typeBrace == 0 {
				inSig = true
			}
		case token.LPAREN:
			parens++
		case token.RPAREN:
			parens--
		case token.LBRACE:
			if inSig && parens == 0 && typeBrace == 0 && prev != token.STRUCT && prev != token.INTERFACE {
				start := file.Offset(pos)
				end := skipBlock(&s, file)
				if end < 0 {
					return src // malformed: parse the original
				}
				for i := start + 1; i < end; i++ {
					if out[i] != '\n' {
						out[i] = ' '
					}
				}
				inSig = false
				prev = token.RBRACE
				continue
			}
			if inSig {
				typeBrace++
			}
		case token.RBRACE:
			if inSig && typeBrace > 0 {
				typeBrace--
			}
		case token.SEMICOLON:
			if parens == 0 && typeBrace == 0 {
				inSig = false // a declaration without a body (assembly)
			}
		}
		prev = tok
	}
}

// skipBlock scans to the brace that closes the one just read and returns its offset.
func skipBlock(s *scanner.Scanner, file *token.File) int {
	depth := 1
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return -1
		case token.LBRACE:
			depth++
		case token.RBRACE:
			depth--
			if depth == 0 {
				return file.Offset(pos)
			}
		}
	}
}
