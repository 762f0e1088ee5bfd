package scaffold

import (
	"bytes"
	"fmt"
	"path"

	"github.com/opgen-dev/opgen/artifact"
	"github.com/opgen-dev/opgen/kubeapi"
	"github.com/opgen-dev/opgen/markers"
	"github.com/opgen-dev/opgen/naming"
	"github.com/opgen-dev/opgen/project"
	"github.com/opgen-dev/opgen/templates"
)

// WebhookOptions are `opgen create webhook`'s flags, spelled as kubebuilder's.
type WebhookOptions struct {
	Group, Version, Kind string
	Defaulting           bool
	Validation           bool
	Conversion           bool
	Spokes               []string
	// ClusterScoped says the kind is cluster-scoped (its tests create no namespace's).
	ClusterScoped bool
}

// Validate checks the flags; the error is one line.
func (o *WebhookOptions) Validate(domain string) error {
	if err := ValidateKind(o.Group, o.Version, o.Kind, domain); err != nil {
		return err
	}
	switch {
	case !o.Defaulting && !o.Validation && !o.Conversion:
		return fmt.Errorf("give at least one of --defaulting, --programmatic-validation and --conversion")
	case o.Conversion && len(o.Spokes) == 0:
		return fmt.Errorf("--conversion needs --spoke: the versions that convert to and from %s (the hub), like --spoke v2", o.Version)
	case !o.Conversion && len(o.Spokes) > 0:
		return fmt.Errorf("--spoke is for --conversion")
	}
	seen := map[string]bool{}
	for _, s := range o.Spokes {
		switch {
		case !markers.IsVersion(s):
			return fmt.Errorf("--spoke %q is not a Kubernetes API version: v1, v1alpha1, v2beta3", s)
		case s == o.Version:
			return fmt.Errorf("--spoke %s is the hub (--version) itself", s)
		case seen[s]:
			return fmt.Errorf("--spoke %s is given twice", s)
		}
		seen[s] = true
	}
	return nil
}

// WebhookDir is where a group-version's webhooks go, relative to the module root.
func WebhookDir(group, version string) string {
	return path.Join("internal", "webhook", group, version)
}

// WebhookFiles are the user's files of opgen create webhook: the webhook file (and its
// tests, when it has rules) when haveWebhook is false, and the hub's conversion file.
// Spoke files come from SpokeFile once the generated conversion's hooks are known.
func WebhookFiles(set *templates.Set, module string, cfg *project.Config, o WebhookOptions, haveWebhook bool) ([]artifact.File, error) {
	data := webhookData(module, cfg, o, o.Version)
	var files []artifact.File
	add := func(tmpl, p string) error {
		out, err := set.Render(tmpl, data)
		if err != nil {
			return err
		}
		files = append(files, artifact.File{Path: p, Content: out, Owner: artifact.Scaffold})
		return nil
	}
	dir := WebhookDir(o.Group, o.Version)
	names := naming.For(o.Kind)
	if !haveWebhook {
		if err := add("webhook/internal/webhook/[group]/[version]/[kind]_webhook.go", path.Join(dir, names.WebhookFile())); err != nil {
			return nil, err
		}
		if o.Defaulting || o.Validation {
			if err := add("webhook/internal/webhook/[group]/[version]/[kind]_webhook_test.go", path.Join(dir, names.WebhookTestFile())); err != nil {
				return nil, err
			}
		}
	}
	if o.Conversion {
		if err := add("webhook/conversion/hub.go", path.Join(APIDir(o.Group, o.Version), names.ConversionFile())); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// SpokeHook is a conversion function a spoke's file declares, as the generator asks.
type SpokeHook struct {
	Name, Field, InType, OutType, Suggestion string
	// Other is the version that lacks the field.
	Other string
}

// SpokeFile is a spoke's conversion file: ConvertTo, ConvertFrom and hooks.
func SpokeFile(set *templates.Set, module string, cfg *project.Config, o WebhookOptions, spoke string, hooks []SpokeHook) (artifact.File, error) {
	data := webhookData(module, cfg, o, spoke)
	data.Hooks = hooks
	out, err := set.Render("webhook/conversion/spoke.go", data)
	if err != nil {
		return artifact.File{}, err
	}
	return artifact.File{Path: path.Join(APIDir(o.Group, spoke), naming.For(o.Kind).ConversionFile()), Content: out, Owner: artifact.Scaffold}, nil
}

// WebhookData is what the webhook templates see.
type WebhookData struct {
	Data
	Defaulting, Validation bool
	Namespaced             bool
	// APIImport and Alias are the hub's (the webhook's kind's) package and import name.
	APIImport, Alias string
	// Spoke is the version a spoke file is for.
	Spoke string
	Hooks []SpokeHook
}

func webhookData(module string, cfg *project.Config, o WebhookOptions, version string) WebhookData {
	data := newData(module, cfg.ProjectName, cfg.Domain)
	data.Resource = &Resource{
		Group: o.Group, FullGroup: o.Group + "." + cfg.Domain, Version: o.Version, Kind: o.Kind,
		Names: naming.For(o.Kind), Plural: kubeapi.Plural(o.Kind),
	}
	return WebhookData{
		Data:       data,
		Defaulting: o.Defaulting, Validation: o.Validation, Namespaced: !o.ClusterScoped,
		APIImport: path.Join(module, APIDir(o.Group, o.Version)),
		Alias:     naming.APIAlias(o.Group, o.Version, false),
		Spoke:     version,
	}
}

// WebhookScaffoldedWith finds the flags a webhook file was scaffolded with, when it is
// exactly what opgen create webhook wrote for some (--defaulting,
// --programmatic-validation): then the user never changed it, and it can be scaffolded
// again with more. It returns those flags and the files they scaffold, by path.
func WebhookScaffoldedWith(set *templates.Set, module string, cfg *project.Config, o WebhookOptions, content []byte) (WebhookOptions, map[string][]byte, bool) {
	for _, had := range []WebhookOptions{{}, {Defaulting: true}, {Validation: true}, {Defaulting: true, Validation: true}} {
		try := o
		try.Defaulting, try.Validation, try.Conversion = had.Defaulting, had.Validation, false
		files, err := WebhookFiles(set, module, cfg, try, false)
		if err != nil || len(files) == 0 || !bytes.Equal(files[0].Content, content) {
			continue
		}
		byPath := map[string][]byte{}
		for _, f := range files {
			byPath[f.Path] = f.Content
		}
		return had, byPath, true
	}
	return WebhookOptions{}, nil, false
}
