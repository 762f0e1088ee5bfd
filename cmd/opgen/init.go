package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/opgen-dev/opgen/generator"
	"github.com/opgen-dev/opgen/output"
	"github.com/opgen-dev/opgen/scaffold"
	"github.com/opgen-dev/opgen/templates"
)

func newInitCommand(stdout, stderr io.Writer, dir *string) *cobra.Command {
	var o scaffold.InitOptions
	var skipTidy, force bool
	var templatesDir string
	cmd := &cobra.Command{
		Use:   "init [dir]",
		Short: "Scaffold a new operator project (default: the current directory)",
		Long: `Scaffold a new operator project that builds, vets and passes its own tests against a
real API server right away: go.mod pinned to opgen's stack, cmd/main.go, config/
(CRDs, least-privilege RBAC, the manager Deployment, API Priority and Fairness,
kustomizations), Makefile, Dockerfile, .gitignore, .golangci.yml, hack/envtest.sh, a
README, and opgen.yaml. Then it runs opgen generate and go mod tidy.

The directory must be empty (a .git is fine) unless --force, which adds the project
around what is there without overwriting any file. Nothing is written when any step
fails.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			wd, err := workDir(*dir)
			if err != nil {
				return err
			}
			target := wd
			if len(args) == 1 {
				target = args[0]
				if !filepath.IsAbs(target) {
					target = filepath.Join(wd, target)
				}
			}
			if templatesDir != "" && !filepath.IsAbs(templatesDir) {
				templatesDir = filepath.Join(wd, templatesDir)
			}
			return runInit(cmd.Context(), stdout, stderr, target, o, templatesDir, skipTidy, force)
		},
	}
	cmd.Flags().StringVar(&o.Module, "module", "", "Go module path of the project (required)")
	cmd.Flags().StringVar(&o.Domain, "domain", "", "domain of the project's API groups, like example.com (required)")
	cmd.Flags().StringVar(&o.ProjectName, "project-name", "", "name of the operator (default: last element of --module)")
	cmd.Flags().BoolVar(&skipTidy, "skip-tidy", false, "do not run go mod tidy")
	cmd.Flags().BoolVar(&force, "force", false, "scaffold into a non-empty directory, keeping every file already there")
	cmd.Flags().StringVar(&templatesDir, "templates", "", "a directory of templates laid over the built-in ones; recorded in opgen.yaml")
	return cmd
}

func runInit(ctx context.Context, stdout, stderr io.Writer, target string, o scaffold.InitOptions, templatesDir string, skipTidy, force bool) error {
	if err := o.Validate(); err != nil {
		return err
	}
	entries, err := os.ReadDir(target)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), stagePrefix) {
			// What a killed opgen init left: never part of the project.
			os.RemoveAll(filepath.Join(target, e.Name()))
			continue
		}
		if e.Name() != ".git" && !force {
			return fmt.Errorf("%s is not empty: opgen init writes a new project there (--force adds it around what is there, keeping every file)", target)
		}
	}
	set, recorded, err := loadTemplates(target, templatesDir)
	if err != nil {
		return err
	}
	files, err := scaffold.Init(set, o, recorded)
	if err != nil {
		return err
	}
	// The project is made whole in a directory inside the target and moved in only when
	// every step worked, so a failure leaves nothing behind; staging inside the target
	// needs no write access to its parent (a pre-created or bind-mounted folder).
	created := false
	if _, err := os.Stat(target); os.IsNotExist(err) {
		if err := os.MkdirAll(target, 0o755); err != nil {
			return err
		}
		created = true
	}
	stage, err := os.MkdirTemp(target, stagePrefix)
	if err != nil {
		return err
	}
	done := false
	defer func() {
		os.RemoveAll(stage)
		if created && !done {
			os.RemoveAll(target)
		}
	}()
	plan, err := output.Compute(stage, files, nil)
	if err != nil {
		return err
	}
	if err := plan.Apply(ctx); err != nil {
		return err
	}
	absTemplates := templatesDir
	if recorded != "" {
		absTemplates = filepath.Join(target, recorded)
	}
	if err := runGenerate(ctx, stdout, stderr, generator.Config{Dir: stage, TemplatesDir: absTemplates, NewModule: true}, writeNoRequire, runExtras{}); err != nil {
		return err
	}
	if !skipTidy {
		tidy := exec.Command("go", "mod", "tidy")
		tidy.Dir = stage
		if out, err := tidy.CombinedOutput(); err != nil {
			return fmt.Errorf("go mod tidy: %v\n%s", err, out)
		}
	}
	if err := moveIn(stage, target); err != nil {
		return err
	}
	done = true
	fmt.Fprintf(stderr, "opgen: project %s is in %s; add a kind with: opgen create api --group <group> --version v1alpha1 --kind <Kind>\n", o.ProjectName, target)
	return nil
}

// loadTemplates loads the template set with the overlay, and returns the overlay's path
// to record in opgen.yaml: relative to the project when inside it.
func loadTemplates(target, dir string) (*templates.Set, string, error) {
	if dir == "" {
		set, err := templates.Builtin()
		return set, "", err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", err
	}
	set, err := templates.Load(abs)
	if err != nil {
		return nil, "", err
	}
	rel, err := filepath.Rel(target, abs)
	if err != nil {
		rel = abs
	}
	return set, filepath.ToSlash(rel), nil
}

// stagePrefix starts the name of the folder, inside the target, where opgen init
// builds the project before moving it in.
const stagePrefix = ".opgen-init-"

// moveIn moves every file of stage into target, keeping any file target already has.
func moveIn(stage, target string) error {
	return filepath.WalkDir(stage, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(stage, p)
		dst := filepath.Join(target, rel)
		if _, err := os.Stat(dst); err == nil {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.Rename(p, dst)
	})
}
