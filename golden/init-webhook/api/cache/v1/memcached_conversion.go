package v1

// Hub makes v1, the storage version of Memcached, the hub of its conversion
// webhook: every other version converts to and from it (their ConvertTo and
// ConvertFrom), and its status writer and reconciler serve every version. opgen create
// webhook --conversion scaffolded this file once; it is yours.
func (*Memcached) Hub() {}
