module opgen.test/seatapi

go 1.26.0

require k8s.io/apimachinery v0.37.2
