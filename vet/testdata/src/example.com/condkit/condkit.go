// Package condkit is a project's own conditions helpers with other signatures than
// meta's: a find that answers an error for a type that is not there, and merges that
// take the list by value with any number of conditions and return the new list.
package condkit

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Missing is the error of a condition type not in the list.
type Missing struct{ Type string }

func (m *Missing) Error() string { return "no condition " + m.Type }

// Lookup returns the condition of type t, or an error when there is none.
func Lookup(list *[]metav1.Condition, t string) (*metav1.Condition, error) { // want Lookup:`finds condition` Lookup:`nil on error \[0\]`
	for _, c := range *list {
		if c.Type == t {
			return &c, nil
		}
	}
	return nil, &Missing{Type: t}
}

// Merge replaces the condition of each of cs's types, appends the others, and
// returns the list's address.
func Merge(list []metav1.Condition, cs ...metav1.Condition) *[]metav1.Condition { // want Merge:`merges condition`
	for _, c := range cs {
		replaced := false
		for i := range list {
			if list[i].Type == c.Type {
				list[i] = c
				replaced = true
				break
			}
		}
		if !replaced {
			list = append(list, c)
		}
	}
	return &list
}

// Upsert does what Merge does and returns the list itself.
func Upsert(list []metav1.Condition, cs ...metav1.Condition) []metav1.Condition { // want Upsert:`merges condition`
	for _, c := range cs {
		at := -1
		for i, old := range list {
			if old.Type == c.Type {
				at = i
			}
		}
		if at < 0 {
			list = append(list, c)
			continue
		}
		list[at] = c
	}
	return list
}

// AddMissing appends only the conditions of types not in the list, and keeps the
// others as they are: no merge, a condition there keeps its status.
func AddMissing(list []metav1.Condition, cs ...metav1.Condition) []metav1.Condition {
	for _, c := range cs {
		there := false
		for _, old := range list {
			if old.Type == c.Type {
				there = true
			}
		}
		if !there {
			list = append(list, c)
		}
	}
	return list
}

// StatusOf is the condition status of b.
func StatusOf(b bool) metav1.ConditionStatus {
	if b {
		return metav1.ConditionTrue
	}
	return metav1.ConditionFalse
}
