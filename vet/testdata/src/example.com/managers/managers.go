// Package managers holds a reconciler's collaborators behind interfaces, as operators
// split a controller from the code that talks to a cloud API and writes the status:
// the interface is the seam, and the package's one implementation is what runs.
package managers

import (
	"context"

	apiv1 "example.com/api/v1"
	"github.com/stretchr/testify/mock"
	"go.uber.org/mock/gomock"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ResourceManager has one implementation in its package: a call through it is a call
// of defaultResourceManager's method, and writes what that writes.
type ResourceManager interface {
	Reconcile(ctx context.Context, obj *apiv1.Memcached) error // want Reconcile:`writes\(status \[1\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
}

func NewResourceManager(c client.Client) ResourceManager { // want NewResourceManager:`writes\(status \[\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	return &defaultResourceManager{client: c}
}

type defaultResourceManager struct {
	client client.Client
}

func (m *defaultResourceManager) Reconcile(ctx context.Context, obj *apiv1.Memcached) error { // want Reconcile:`writes\(status \[1\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	old := obj.DeepCopy()
	obj.Status.State = "Ready"
	return m.client.Status().Patch(ctx, obj, client.MergeFrom(old))
}

// Syncer has two implementations in its package: which one a call runs is not known
// here, so a call through it carries no fact.
type Syncer interface {
	Sync(ctx context.Context, obj *apiv1.Memcached) error
}

type writingSyncer struct{ client client.Client }

func (s writingSyncer) Sync(ctx context.Context, obj *apiv1.Memcached) error { // want Sync:`writes\(status \[1\], update \[1\]\) kinds \[example.com/api/v1.Memcached\]`
	return s.client.Status().Update(ctx, obj)
}

type idleSyncer struct{}

func (idleSyncer) Sync(context.Context, *apiv1.Memcached) error { return nil }

// Reconciler calls the manager through the interface in its own package.
type Reconciler struct {
	Manager ResourceManager
	Syncer  Syncer
}

func (r *Reconciler) Run(ctx context.Context, obj *apiv1.Memcached) error { // want Run:`writes\(status \[1\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	return r.Manager.Reconcile(ctx, obj)
}

// Sync calls a Syncer: one of two implementations, so no fact.
func (r *Reconciler) Sync(ctx context.Context, obj *apiv1.Memcached) error {
	return r.Syncer.Sync(ctx, obj)
}

// Planner has one implementation that runs, and two test doubles beside it that a
// mock generator wrote into the package (a gomock mock holding its controller, a
// testify mock embedding mock.Mock): they are never wired into the operator, and a
// call through the interface is a call of the one real implementation.
type Planner interface {
	Plan(ctx context.Context, obj *apiv1.Memcached) error // want Plan:`writes\(status \[1\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
}

type statusPlanner struct{ client client.Client }

func (p *statusPlanner) Plan(ctx context.Context, obj *apiv1.Memcached) error { // want Plan:`writes\(status \[1\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	old := obj.DeepCopy()
	obj.Status.State = "Planned"
	return p.client.Status().Patch(ctx, obj, client.MergeFrom(old))
}

// MockPlanner is what mockgen writes.
type MockPlanner struct {
	ctrl     *gomock.Controller
	recorder *MockPlannerMockRecorder
}

type MockPlannerMockRecorder struct{ mock *MockPlanner }

func (m *MockPlanner) Plan(ctx context.Context, obj *apiv1.Memcached) error { return nil }

// PlannerDouble is what mockery writes.
type PlannerDouble struct {
	mock.Mock
}

func (d *PlannerDouble) Plan(ctx context.Context, obj *apiv1.Memcached) error {
	return d.Called(ctx, obj).Error(0)
}

func (r *Reconciler) Plan(ctx context.Context, p Planner, obj *apiv1.Memcached) error { // want Plan:`writes\(status \[2\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	return p.Plan(ctx, obj)
}

// Services gathers a service per kind behind one interface, each embedded, and
// services implements it by embedding the same interfaces, each field holding the
// kind's one implementation: services forwards every method to a field, so it is no
// implementation of its own, and a call of StatusService's Save through Services is a
// call of stateService's.
type Services interface {
	StatusService
	Finder
}

type StatusService interface {
	Save(ctx context.Context, obj *apiv1.Memcached) error // want Save:`writes\(status \[1\], update \[1\]\) kinds \[example.com/api/v1.Memcached\]`
}

type Finder interface {
	Find(ctx context.Context, key client.ObjectKey) (*apiv1.Memcached, error)
}

type services struct {
	StatusService
	Finder
}

func NewServices(c client.Client) Services { // want NewServices:`writes\(status \[\], update \[\]\) kinds \[example.com/api/v1.Memcached\]`
	return &services{StatusService: &stateService{client: c}, Finder: finder{client: c}}
}

type stateService struct{ client client.Client }

func (s *stateService) Save(ctx context.Context, obj *apiv1.Memcached) error { // want Save:`writes\(status \[1\], update \[1\]\) kinds \[example.com/api/v1.Memcached\]`
	return s.client.Status().Update(ctx, obj)
}

type finder struct{ client client.Client }

func (f finder) Find(ctx context.Context, key client.ObjectKey) (*apiv1.Memcached, error) {
	obj := &apiv1.Memcached{}
	return obj, f.client.Get(ctx, key, obj)
}

// SaveAll writes through the aggregate.
func SaveAll(ctx context.Context, s Services, obj *apiv1.Memcached) error { // want SaveAll:`writes\(status \[2\], update \[2\]\) kinds \[example.com/api/v1.Memcached\]`
	return s.Save(ctx, obj)
}
