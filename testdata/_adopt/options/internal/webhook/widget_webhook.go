// Package webhook validates widgets.
package webhook

// +kubebuilder:webhook:path=/validate-widgets-example-com-v1-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=widgets.example.com,resources=widgets,verbs=create;update,versions=v1,name=vwidget.widgets.example.com,admissionReviewVersions=v1

// WidgetValidator validates widgets.
type WidgetValidator struct{}
