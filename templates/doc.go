// Package templates holds the files opgen writes once for the user to own, as real
// files in an embed.FS, each named after the file it produces plus ".tmpl":
//
//	project/…   what `opgen init` writes (Makefile, Dockerfile, config/…, hack/…)
//	api/…       what `opgen create api` writes (types, group-version file, sample)
//	scaffold/…  what `opgen generate` writes where missing (a kind's reconciler, main)
//	chart/…     the Helm chart's files that `opgen generate` writes where missing and the user
//	            then owns (Chart.yaml, values.yaml)
//
// In the paths under project/ and api/, _group_, _version_ and _kind_ stand for the
// short group, the version and the lowercase kind of the resource being created.
//
// A platform team lays its own templates over these (`--templates DIR`, or `templates:`
// in opgen.yaml): a file at the same path replaces the built-in one, a new file adds a
// file to what the command writes, with the same data and functions (see Funcs).
//
// The five folders are one versioned set: [Version] is recorded in every project opgen
// scaffolds, and every version opgen has had stays renderable ([LoadVersion]): a change
// to any template makes a new version, and the replaced set is kept whole in
// released/v<N>, its digest in sets.sum (go run ./hack/templateset does both; a test
// fails until it has run). opgen upgrade renders a project's base from the version and
// overlay it was scaffolded with. An overlay names itself and its version in
// opgen-overlay.yaml ([OverlayFile]); its identity is that and the digest of its
// templates ([Overlay]). [Set.Materialize] writes a whole set to a directory that
// [Load] takes alone, for opgen's generators, which load their templates by directory.
//
// Every template is parsed once, on Load, with missingkey=error; a template that does
// not parse fails there, with its file and line. Go output is gofmt'ed in-process.
// Code that opgen owns and regenerates is written by the generator packages, with
// templates of their own (generator/gotmpl) that are not laid over.
package templates
