package v1

// HasImage reports whether the status names the image the pods run.
func (m *Memcached) HasImage() bool { return m.Status.Image != "" }

// SetImage records the image the pods run.
func (m *Memcached) SetImage(image string) { m.Status.Image = image }

// NoMessage reports whether the status carries no message.
func NoMessage(m *Memcached) bool { return len(m.Status.Message) == 0 }
