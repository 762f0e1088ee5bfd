// Command templateset versions opgen's scaffold templates: run it, from the
// repository's root, after changing anything under templates/project, api, scaffold,
// webhook or chart.
//
// When the set in the work tree differs from the digest templates/sets.sum records for
// the current version N:
//
//   - if version N is committed (HEAD's sets.sum has it), N is frozen: its set as
//     committed — HEAD's, or, when merged branches each changed the templates since,
//     the newest commit's whose set has N's recorded digest — is copied whole into
//     templates/released/vN, templates.Version becomes N+1, and sets.sum gets a line
//     for N+1 with the work tree's digest;
//   - if version N is new in the work tree (not committed yet), its line in sets.sum
//     takes the work tree's digest: one change of the set between two commits is one
//     version, however many edits it took.
//
// A version once committed is never changed, so every project any opgen build
// scaffolded can be rendered again by `opgen upgrade`. -check only says whether the
// set is recorded (exit 1 when not).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/templates"
)

func main() {
	check := flag.Bool("check", false, "only check that the work tree's set is recorded")
	flag.Parse()
	msg, err := run(".", *check)
	if msg != "" {
		fmt.Println(msg)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "templateset:", err)
		os.Exit(1)
	}
}

const (
	sumFile     = "templates/sets.sum"
	versionFile = "templates/sets.go"
)

var versionLine = regexp.MustCompile(`(?m)^const Version = (\d+)$`)

// run versions the set of the repository at root.
func run(root string, check bool) (string, error) {
	sums, err := os.ReadFile(filepath.Join(root, sumFile))
	if err != nil {
		return "", err
	}
	lines := parseSums(string(sums))
	if len(lines) == 0 {
		return "", fmt.Errorf("%s records no version", sumFile)
	}
	last := lines[len(lines)-1]
	work, err := workTreeSet(root)
	if err != nil {
		return "", err
	}
	digest := templates.Digest(work)
	if digest == last.digest {
		return fmt.Sprintf("the scaffold templates are version %d, as recorded", last.version), nil
	}
	if check {
		return "", fmt.Errorf("the scaffold templates changed since version %d was recorded: run go run ./hack/templateset", last.version)
	}
	headSums, err := git(root, "show", "HEAD:"+sumFile)
	committed := err == nil && hasVersion(parseSums(string(headSums)), last)
	if !committed {
		// Version N is this work tree's: it takes the new digest.
		out := replaceLast(string(sums), last, digest)
		if err := os.WriteFile(filepath.Join(root, sumFile), []byte(out), 0o644); err != nil {
			return "", err
		}
		return fmt.Sprintf("version %d is not committed yet: its digest is now %s", last.version, digest), nil
	}
	// Freeze N from HEAD, then make the work tree's set N+1.
	frozen := filepath.Join(root, "templates", "released", fmt.Sprintf("v%d", last.version))
	if _, err := os.Stat(frozen); err == nil {
		return "", fmt.Errorf("%s exists already", frozen)
	}
	head, err := recordedSet(root, last)
	if err != nil {
		return "", err
	}
	for p, content := range head {
		dst := filepath.Join(frozen, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(dst, content, 0o644); err != nil {
			return "", err
		}
	}
	src, err := os.ReadFile(filepath.Join(root, versionFile))
	if err != nil {
		return "", err
	}
	m := versionLine.FindSubmatch(src)
	if m == nil || string(m[1]) != strconv.Itoa(last.version) {
		return "", fmt.Errorf("%s does not declare const Version = %d", versionFile, last.version)
	}
	next := last.version + 1
	src = versionLine.ReplaceAll(src, []byte("const Version = "+strconv.Itoa(next)))
	if err := os.WriteFile(filepath.Join(root, versionFile), src, 0o644); err != nil {
		return "", err
	}
	out := strings.TrimRight(string(sums), "\n") + fmt.Sprintf("\n%d %s\n", next, digest)
	if err := os.WriteFile(filepath.Join(root, sumFile), []byte(out), 0o644); err != nil {
		return "", err
	}
	return fmt.Sprintf("froze version %d in %s; the scaffold templates are now version %d", last.version, frozen, next), nil
}

type sumLine struct {
	version int
	digest  string
}

func parseSums(s string) []sumLine {
	var out []sumLine
	for _, l := range strings.Split(s, "\n") {
		f := strings.Fields(l)
		if len(f) != 2 || strings.HasPrefix(l, "#") {
			continue
		}
		if v, err := strconv.Atoi(f[0]); err == nil {
			out = append(out, sumLine{v, f[1]})
		}
	}
	return out
}

func hasVersion(lines []sumLine, l sumLine) bool {
	for _, x := range lines {
		if x.version == l.version {
			return true
		}
	}
	return false
}

func replaceLast(sums string, last sumLine, digest string) string {
	old := fmt.Sprintf("%d %s", last.version, last.digest)
	i := strings.LastIndex(sums, old)
	return sums[:i] + fmt.Sprintf("%d %s", last.version, digest) + sums[i+len(old):]
}

// workTreeSet reads the work tree's set: every *.tmpl under the set's folders.
func workTreeSet(root string) (map[string][]byte, error) {
	files := map[string][]byte{}
	fsys := os.DirFS(filepath.Join(root, "templates"))
	for _, dir := range templates.SetDirs {
		err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil && p == dir && os.IsNotExist(err) {
				return fs.SkipDir
			}
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tmpl") {
				return err
			}
			b, err := fs.ReadFile(fsys, p)
			files[p] = b
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// headSet reads the set as HEAD has it.
// recordedSet is version last's set as committed: HEAD's, or — when branches that
// each changed the templates were merged since, so HEAD already holds the next set —
// the newest commit's whose templates have last's digest.
func recordedSet(root string, last sumLine) (map[string][]byte, error) {
	revs, err := git(root, "rev-list", "--max-count=500", "HEAD", "--", "templates")
	if err != nil {
		return nil, err
	}
	for _, rev := range append([]string{"HEAD"}, strings.Fields(string(revs))...) {
		set, err := setAt(root, rev)
		if err != nil {
			return nil, err
		}
		if templates.Digest(set) == last.digest {
			return set, nil
		}
	}
	return nil, fmt.Errorf("no commit among HEAD's last 500 that touch templates/ has version %d's digest %s: fix %s by hand", last.version, last.digest, sumFile)
}

// setAt is the scaffold template set of the commit rev.
func setAt(root, rev string) (map[string][]byte, error) {
	args := []string{"ls-tree", "-r", "--name-only", rev, "--"}
	for _, d := range templates.SetDirs {
		args = append(args, "templates/"+d)
	}
	list, err := git(root, args...)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, p := range strings.Split(strings.TrimSpace(string(list)), "\n") {
		if !strings.HasSuffix(p, ".tmpl") {
			continue
		}
		b, err := git(root, "show", rev+":"+p)
		if err != nil {
			return nil, err
		}
		files[path.Clean(strings.TrimPrefix(p, "templates/"))] = b
	}
	return files, nil
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
