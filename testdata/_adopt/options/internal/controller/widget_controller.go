// Package controller reconciles widgets.
package controller

// +kubebuilder:rbac:groups=widgets.example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=widgets.example.com,resources=widgets/status,verbs=patch

// WidgetReconciler reconciles widgets.
type WidgetReconciler struct{}
