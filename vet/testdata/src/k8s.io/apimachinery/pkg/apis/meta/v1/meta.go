// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1 for analysistest.
package v1

import (
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

type Time struct{ time.Time }

func Now() Time                 { return Time{time.Now()} }
func NewTime(t time.Time) Time  { return Time{t} }
func Unix(sec, nsec int64) Time { return Time{time.Unix(sec, nsec)} }

// Before and Equal take pointers, as apimachinery's do.
func (t *Time) Before(u *Time) bool { return t.Time.Before(u.Time) }
func (t *Time) Equal(u *Time) bool  { return t.Time.Equal(u.Time) }

type MicroTime struct{ time.Time }

func NowMicro() MicroTime { return MicroTime{time.Now()} }

type Duration struct{ time.Duration }

type TypeMeta struct {
	Kind       string `json:"kind,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
}

func (t *TypeMeta) GroupVersionKind() schema.GroupVersionKind { return schema.GroupVersionKind{} }
func (t *TypeMeta) GetObjectKind() schema.ObjectKind          { return t }

type ObjectMeta struct {
	Name              string            `json:"name,omitempty"`
	Namespace         string            `json:"namespace,omitempty"`
	UID               types.UID         `json:"uid,omitempty"`
	ResourceVersion   string            `json:"resourceVersion,omitempty"`
	Generation        int64             `json:"generation,omitempty"`
	DeletionTimestamp *Time             `json:"deletionTimestamp,omitempty"`
	Labels            map[string]string `json:"labels,omitempty"`
	Annotations       map[string]string `json:"annotations,omitempty"`
	Finalizers        []string          `json:"finalizers,omitempty"`
}

func (m *ObjectMeta) GetName() string              { return m.Name }
func (m *ObjectMeta) GetNamespace() string         { return m.Namespace }
func (m *ObjectMeta) GetGeneration() int64         { return m.Generation }
func (m *ObjectMeta) GetLabels() map[string]string { return m.Labels }
func (m *ObjectMeta) GetDeletionTimestamp() *Time  { return m.DeletionTimestamp }
func (m *ObjectMeta) GetResourceVersion() string   { return m.ResourceVersion }
func (m *ObjectMeta) SetResourceVersion(v string)  { m.ResourceVersion = v }

type Object interface {
	GetName() string
	GetNamespace() string
	GetGeneration() int64
	GetLabels() map[string]string
	GetDeletionTimestamp() *Time
	GetResourceVersion() string
	SetResourceVersion(string)
}

type ListMeta struct {
	ResourceVersion string `json:"resourceVersion,omitempty"`
}

type ConditionStatus string

const (
	ConditionTrue    ConditionStatus = "True"
	ConditionFalse   ConditionStatus = "False"
	ConditionUnknown ConditionStatus = "Unknown"
)

type Condition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime"`
	Reason             string          `json:"reason"`
	Message            string          `json:"message"`
}

type LabelSelector struct {
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
}
