package markers

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/opgen-dev/opgen/internal/suggest"
)

// Tag is one marker as written, before it is checked against [Defs]: the scanner's
// output. Offsets count bytes from the "+" that starts the marker, so a caller can
// turn them into columns.
type Tag struct {
	Name string
	// Args are the named arguments after "name:", in the order written.
	Args []Arg
	// Value is what follows "name=", unquoted and trimmed; HasValue tells "name=" from "name".
	Value       string
	HasValue    bool
	ValueOffset int
}

// Arg is one key=value argument.
type Arg struct {
	Key, Value  string
	Offset      int // of the key
	ValueOffset int
}

// SyntaxError is a marker that cannot be read. Offset is a byte offset from the "+".
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

// Parse reads one marker. text starts with "+opguard" and is one line; text after the
// marker (another comment) is not allowed, as markers own their whole line.
func Parse(text string) (Tag, *SyntaxError) {
	var t Tag
	fail := func(off int, format string, a ...any) (Tag, *SyntaxError) {
		return Tag{}, &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, a...)}
	}
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		return fail(i, "a marker is one line")
	}
	if !strings.HasPrefix(text, Prefix) {
		return fail(0, "want %s<name>, got %q", Prefix, text)
	}
	i := len(Prefix)
	start := i
	for i < len(text) && isNameByte(text[i], i == start) {
		i++
	}
	t.Name = text[start:i]
	if t.Name == "" {
		return fail(start, "want a marker name after %s", Prefix)
	}
	if i == len(text) {
		return t, nil
	}
	switch text[i] {
	case '=':
		i++
		raw := text[i:]
		lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
		val := strings.TrimSpace(raw)
		t.HasValue = true
		t.ValueOffset = i + lead
		if strings.HasPrefix(val, `"`) {
			uq, err := strconv.Unquote(val)
			if err != nil {
				return fail(t.ValueOffset, "malformed quoted value %s", val)
			}
			val = uq
		}
		t.Value = val
		return t, nil
	case ':':
		i++
		if i == len(text) {
			return fail(i, "want <key>=<value> after %q", text[:i])
		}
		for _, part := range strings.Split(text[i:], ",") {
			off := i
			i += len(part) + 1
			lead := len(part) - len(strings.TrimLeft(part, " \t"))
			part = strings.TrimSpace(part)
			off += lead
			key, val, ok := strings.Cut(part, "=")
			if !ok || key == "" {
				return fail(off, "want <key>=<value>, got %q", part)
			}
			for j := 0; j < len(key); j++ {
				if !isKeyByte(key[j], j == 0) {
					return fail(off+j, "malformed argument name %q", key)
				}
			}
			if val == "" {
				return fail(off+len(key)+1, "argument %s has an empty value", key)
			}
			t.Args = append(t.Args, Arg{Key: key, Value: val, Offset: off, ValueOffset: off + len(key) + 1})
		}
		return t, nil
	case ' ', '\t':
		rest := strings.TrimSpace(text[i:])
		if rest == "" {
			return t, nil
		}
		return fail(i, "unexpected text after %s%s: %q (a marker owns its whole line)", Prefix, t.Name, rest)
	default:
		return fail(i, "unexpected %q in marker name", text[i])
	}
}

func isNameByte(c byte, first bool) bool {
	return c >= 'a' && c <= 'z' || !first && (c >= '0' && c <= '9' || c == '-' || c >= 'A' && c <= 'Z' || c == '_')
}

func isKeyByte(c byte, first bool) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && c >= '0' && c <= '9'
}

// String writes the tag back in canonical form; Parse(t.String()) yields t again
// (offsets aside).
func (t Tag) String() string {
	s := Prefix + t.Name
	if len(t.Args) > 0 {
		parts := make([]string, len(t.Args))
		for i, a := range t.Args {
			parts[i] = a.Key + "=" + a.Value
		}
		return s + ":" + strings.Join(parts, ",")
	}
	if t.HasValue {
		v := t.Value
		if v != strings.TrimSpace(v) || strings.HasPrefix(v, `"`) || strings.ContainsAny(v, "\r\n") {
			v = strconv.Quote(v)
		}
		s += "=" + v
	}
	return s
}

// Problem is something wrong with a well-formed tag, at a byte offset from its "+".
type Problem struct {
	Offset int
	Msg    string
}

// Check validates a tag against its definition. It returns the definition (nil for an
// unknown name) and every problem found.
func Check(t Tag) (*Def, []Problem) {
	def := Lookup(t.Name)
	if def == nil {
		msg := fmt.Sprintf("unknown marker %s%s", Prefix, t.Name)
		if s := suggest.Closest(t.Name, defNames()); s != "" {
			msg += fmt.Sprintf("; did you mean %s%s?", Prefix, s)
		}
		return nil, []Problem{{Offset: 0, Msg: msg}}
	}
	name := Prefix + string(def.Name)
	var probs []Problem
	add := func(off int, format string, a ...any) {
		probs = append(probs, Problem{Offset: off, Msg: name + ": " + fmt.Sprintf(format, a...)})
	}
	switch def.Form {
	case Flag:
		if t.HasValue {
			add(t.ValueOffset, "takes no value; write %s", name)
		}
		if len(t.Args) > 0 {
			add(t.Args[0].Offset, "takes no arguments; write %s", name)
		}
	case Value:
		switch {
		case len(t.Args) > 0:
			add(t.Args[0].Offset, "takes a value, not arguments; write %s", def.Spelling())
		case !t.HasValue:
			add(len(Prefix)+len(t.Name), "missing value; write %s", def.Spelling())
		default:
			if _, p := def.parse(t.Value); p != "" {
				add(t.ValueOffset, "%s", p)
			}
		}
	case Args:
		if t.HasValue {
			add(t.ValueOffset, "takes named arguments, not a value; write %s", def.Spelling())
		}
		seen := map[string]bool{}
		for _, a := range t.Args {
			ad := def.arg(a.Key)
			if ad == nil {
				msg := fmt.Sprintf("unknown argument %q", a.Key)
				if s := suggest.Closest(a.Key, def.argNames()); s != "" {
					msg += fmt.Sprintf("; did you mean %q?", s)
				}
				add(a.Offset, "%s", msg)
				continue
			}
			if seen[a.Key] {
				add(a.Offset, "argument %s given twice", a.Key)
				continue
			}
			seen[a.Key] = true
			if p := ad.check(a.Value); p != "" {
				add(a.ValueOffset, "%s: %s", a.Key, p)
			}
		}
	}
	return def, probs
}

func (d *Def) arg(key string) *ArgDef {
	for i := range d.Args {
		if d.Args[i].Name == key {
			return &d.Args[i]
		}
	}
	return nil
}

func (d *Def) argNames() []string {
	names := make([]string, len(d.Args))
	for i, a := range d.Args {
		names[i] = a.Name
	}
	return names
}

func defNames() []string {
	names := make([]string, len(Defs))
	for i, d := range Defs {
		names[i] = string(d.Name)
	}
	return names
}

func (a *ArgDef) check(v string) string {
	switch a.Kind {
	case Int:
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n < 1 {
			return fmt.Sprintf("want a positive integer, got %q", v)
		}
	case Float:
		f, err := strconv.ParseFloat(v, 32)
		if err != nil || !(f > 0) || f > 1e6 {
			return fmt.Sprintf("want a positive number, got %q", v)
		}
	}
	return ""
}

// IntArg returns the value of an Int argument already validated by [Check], or def.
func (t Tag) IntArg(key string, def int) int {
	for _, a := range t.Args {
		if a.Key == key {
			if n, err := strconv.Atoi(a.Value); err == nil {
				return n
			}
		}
	}
	return def
}

// FloatArg returns the value of a Float argument already validated by [Check], or def.
func (t Tag) FloatArg(key string, def float64) float64 {
	for _, a := range t.Args {
		if a.Key == key {
			if f, err := strconv.ParseFloat(a.Value, 32); err == nil {
				return f
			}
		}
	}
	return def
}
