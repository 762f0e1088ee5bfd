package importedit

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// Name is the name under which file imports pkgPath, and false when it does not.
func Name(info *types.Info, file *ast.File, pkgPath string) (string, bool) {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != pkgPath {
			continue
		}
		if spec.Name != nil {
			if spec.Name.Name == "_" || spec.Name.Name == "." {
				continue
			}
			return spec.Name.Name, true
		}
		if pn, ok := info.Implicits[spec].(*types.PkgName); ok {
			return pn.Name(), true
		}
		return path.Base(pkgPath), true
	}
	return "", false
}

// Spec is file's import spec of pkgPath, or nil.
func Spec(file *ast.File, pkgPath string) *ast.ImportSpec {
	for _, spec := range file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p == pkgPath {
			return spec
		}
	}
	return nil
}

// Add returns the name to use for pkgPath in file and, when file does not import it
// yet, the edit that adds the import (as the last spec of the first import block, or
// as a new declaration after the package clause).
func Add(info *types.Info, file *ast.File, pkgPath string) (string, []analysis.TextEdit) {
	if name, ok := Name(info, file, pkgPath); ok {
		return name, nil
	}
	name := path.Base(pkgPath)
	quoted := strconv.Quote(pkgPath)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() && len(gd.Specs) > 0 {
			last := gd.Specs[len(gd.Specs)-1]
			return name, []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte("\n\t" + quoted)}}
		}
		return name, []analysis.TextEdit{{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}}
	}
	return name, []analysis.TextEdit{{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + quoted)}}
}

// Replace returns the edit that turns spec, an unnamed import, into an import of
// pkgPath: used when a fix removes the last use of one package and adds another.
func Replace(spec *ast.ImportSpec, pkgPath string) analysis.TextEdit {
	return analysis.TextEdit{Pos: spec.Path.Pos(), End: spec.Path.End(), NewText: []byte(strconv.Quote(pkgPath))}
}

// Uses counts the uses of the package imported by spec in file.
func Uses(info *types.Info, file *ast.File, spec *ast.ImportSpec) int {
	var pn types.Object
	if spec.Name != nil {
		pn = info.Defs[spec.Name]
	} else {
		pn = info.Implicits[spec]
	}
	if pn == nil {
		return 0
	}
	n := 0
	ast.Inspect(file, func(node ast.Node) bool {
		if id, ok := node.(*ast.Ident); ok && info.Uses[id] == pn {
			n++
		}
		return true
	})
	return n
}

// Delete returns the edit that removes spec: its whole line when it stands alone on
// one inside an import block, else the declaration that holds only it.
func Delete(fset *token.FileSet, file *ast.File, spec *ast.ImportSpec) analysis.TextEdit {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, s := range gd.Specs {
			if s != spec {
				continue
			}
			if !gd.Lparen.IsValid() || len(gd.Specs) == 1 {
				return analysis.TextEdit{Pos: gd.Pos(), End: gd.End()}
			}
			tf := fset.File(spec.Pos())
			line := tf.Line(spec.Pos())
			start := tf.LineStart(line)
			end := spec.End()
			if line < tf.LineCount() {
				end = tf.LineStart(line + 1)
			}
			return analysis.TextEdit{Pos: start, End: end}
		}
	}
	return analysis.TextEdit{Pos: spec.Pos(), End: spec.End()}
}
