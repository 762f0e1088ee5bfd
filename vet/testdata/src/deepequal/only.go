package deepequal

import (
	"fmt"
	"reflect"

	apiv1 "example.com/api/v1"
	appsv1 "k8s.io/api/apps/v1"
)

func statusChanged(obj *apiv1.Memcached, want apiv1.MemcachedStatus) bool {
	return !reflect.DeepEqual(obj.Status, want) // want `reflect.DeepEqual on v1.MemcachedStatus: .*use equality.Semantic.DeepEqual`
}

func specChanged(dep *appsv1.Deployment, want appsv1.DeploymentSpec) bool {
	fmt.Println("comparing")
	return !reflect.DeepEqual(&want, &dep.Spec) // want `reflect.DeepEqual on \*v1.DeploymentSpec`
}

func silenced(a, b *apiv1.Memcached) bool {
	//opguard:ignore deepequal the test compares exact objects
	return reflect.DeepEqual(a, b)
}
