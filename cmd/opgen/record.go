package main

import (
	"os"
	"path/filepath"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/project"
)

// recorded returns opgen.yaml with step appended to its scaffold record, to be written
// in the plan of the command that scaffolds it (so it is recorded only when the
// command's change is written): the one place the create commands add to the record.
// A project without a record gets none; its first opgen upgrade reconstructs it.
func recorded(root string, step project.Step) ([]artifact.File, error) {
	old, err := os.ReadFile(filepath.Join(root, project.FileName))
	if err != nil {
		return nil, err
	}
	cfg, err := project.Parse(old)
	if err != nil {
		return nil, err
	}
	if !cfg.Append(step) {
		return nil, nil
	}
	return []artifact.File{{Path: project.FileName, Content: cfg.Marshal(), Owner: artifact.Scaffold, Was: old}}, nil
}
