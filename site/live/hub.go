package live

import (
	"sync"
)

// hub sends the boards' states to the spectators. A spectator follows topics: "r3" (every
// board of round 3, without the move lists), "b3.2" (board 2 of round 3, with its moves) and
// "results" (told when any result changes). What is waiting for a spectator is kept per board,
// the newest state only: a slow spectator gets the boards as they are, not every step, and
// never holds more than one message per board.
type hub struct {
	mu   sync.Mutex
	subs map[*sub]struct{}
}

type sub struct {
	round, board int  // the round followed (0: none), and the board (0: all of the round)
	results      bool // told of results
	mu           sync.Mutex
	pending      map[string][]byte // by board, or "results"
	order        []string          // pending's keys in the order they came
	wake         chan struct{}
}

func newHub() *hub { return &hub{subs: map[*sub]struct{}{}} }

func (h *hub) subscribe(s *sub) {
	s.pending, s.wake = map[string][]byte{}, make(chan struct{}, 1)
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
}

func (h *hub) unsubscribe(s *sub) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
}

// count is the number of spectators connected.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// publish tells every spectator of the board's round or of the board about st, and those of
// the results when resultChanged.
func (h *hub) publish(st *state, resultChanged bool) {
	k := key{st.Round, st.Board}.String()
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		switch {
		case s.round == st.Round && s.board == st.Board:
			s.put(k, st.boardFrame)
		case s.round == st.Round && s.board == 0:
			s.put(k, st.roundFrame)
		}
		if resultChanged && s.results {
			s.put("results", resultFrame)
		}
	}
}

var resultFrame = frame("result", []byte("{}"))

// wants reports whether the spectator follows board k.
func (s *sub) wants(k key) bool { return s.round == k.round && (s.board == 0 || s.board == k.board) }

// frameOf is the message of st for this spectator.
func (s *sub) frameOf(st *state) []byte {
	if s.board != 0 {
		return st.boardFrame
	}
	return st.roundFrame
}

func (s *sub) put(k string, f []byte) {
	s.mu.Lock()
	if _, ok := s.pending[k]; !ok {
		s.order = append(s.order, k)
	}
	s.pending[k] = f
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// take empties what is waiting into frames, in order. The frames are shared by every
// spectator: nothing is copied.
func (s *sub) take(frames [][]byte) [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range s.order {
		frames = append(frames, s.pending[k])
		delete(s.pending, k)
	}
	s.order = s.order[:0]
	return frames
}
