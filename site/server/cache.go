package server

import (
	"container/list"
	"sync"
)

// pageCache keeps rendered pages of bao serve, the least recently used dropped first once they
// hold more than max bytes.
type pageCache struct {
	mu    sync.Mutex
	max   int
	size  int
	order *list.List // of *cached, most recent first
	byKey map[string]*list.Element
}

type cached struct {
	name string
	data []byte
}

func newPageCache(max int) *pageCache {
	return &pageCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *pageCache) get(name string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[name]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cached).data, true
}

// put keeps a page; one larger than the whole cache is not kept.
func (c *pageCache) put(name string, data []byte) {
	if len(data) > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[name]; ok {
		c.size -= len(e.Value.(*cached).data)
		c.order.Remove(e)
	}
	c.byKey[name] = c.order.PushFront(&cached{name, data})
	c.size += len(data)
	for c.size > c.max {
		old := c.order.Remove(c.order.Back()).(*cached)
		delete(c.byKey, old.name)
		c.size -= len(old.data)
	}
}
