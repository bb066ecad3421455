package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bao-archive/bao/engine"
	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
	"github.com/bao-archive/bao/notation"
	"github.com/bao-archive/bao/notation/recorder"
)

// session is a board's recorder, with the round file as it last read or wrote it: a file
// changed by another writer since (bao record --event, between two of our writes) is read
// again before the next write.
type session struct {
	s     *recorder.Session
	stamp fileStamp
}

// holder names the server as a board's writer to others who find the board locked.
const holder = "the recording page of bao serve"

// written is a board's record as a write left it, read under the board's lock for the answer.
type written struct {
	plies               int
	position            string
	result, termination string
	legal               []string // the legal moves, after a move refused as illegal
}

// write runs fn on board b's recorder under the board's lock, and broadcasts the new state.
func (sv *Server) write(b *board, fn func(s *recorder.Session) error) (written, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	l, err := event.LockBoard(sv.dir, b.k.round, b.k.board, holder)
	if err != nil {
		sv.mu.Lock()
		plies := b.state.Plies
		sv.mu.Unlock()
		return written{plies: plies}, err
	}
	defer l.Unlock()
	if b.ses == nil || stampOf(b.ses.s.Path()) != b.ses.stamp {
		s, err := event.Board(sv.dir, b.k.round, b.k.board)
		if err != nil {
			return written{}, err
		}
		b.ses = &session{s: s, stamp: stampOf(s.Path())}
	}
	s := b.ses.s
	plies, result, term := s.Plies(), s.Record().Result, s.Termination()
	err = fn(s)
	if s.Plies() != plies || s.Record().Result != result || s.Termination() != term {
		b.ses.stamp = stampOf(s.Path())
		rel, _ := filepath.Rel(sv.dir, s.Path())
		sv.mu.Lock()
		href := b.state.Game
		sv.mu.Unlock()
		sv.setState(b, stateOf(b.k, s.Record(), href))
		sv.logf("board %s of %s: %d moves, %s", b.k, filepath.ToSlash(rel), s.Plies(), s.Record().Result)
	}
	out := written{plies: s.Plies(), position: s.Position().String(), result: s.Record().Result, termination: s.Termination()}
	if isIllegal(err) {
		out.legal = s.Legal()
	}
	if err != nil && !isRefusal(err) {
		b.ses = nil // a write that failed: read the file again before the next
	}
	return out, err
}

// isRefusal reports whether err refused what was asked, leaving the record as it was.
func isRefusal(err error) bool {
	for _, k := range []error{recorder.ErrConflict, recorder.ErrFinished, recorder.ErrBadArgument, recorder.ErrNothingToUndo,
		engine.ErrGameOver} {
		if errors.Is(err, k) {
			return true
		}
	}
	return isIllegal(err)
}

// isIllegal reports whether err refused a move token that cannot be played (422).
func isIllegal(err error) bool {
	for _, k := range []error{engine.ErrIllegalMove, engine.ErrBadMove, engine.ErrAmbiguousMove, engine.ErrSuffixMismatch} {
		if errors.Is(err, k) {
			return true
		}
	}
	return false
}

// record answers a recording link: /record/<secret>[/…], the arbiter's /record/<secret>/R.B[/…].
func (sv *Server) record(w http.ResponseWriter, r *http.Request, rest string) {
	w.Header().Set("Cache-Control", "no-store")
	l, ok := sv.answerLanguage(w, r)
	if !ok {
		return
	}
	secret, tail, _ := strings.Cut(rest, "/")
	acc, err := sv.keys.lookup(secret)
	if err != nil {
		if !sv.limits.fail(clientIP(r)) {
			tooMany(w, l)
			return
		}
		writeError(w, http.StatusNotFound, l.T("live.err.nolink"))
		return
	}
	if !sv.limits.link(acc) {
		tooMany(w, l)
		return
	}
	base := event.LinkPrefix + secret
	k, op := key{acc.Round, acc.Board}, tail
	if acc.Arbiter {
		if tail == "" {
			sv.arbiterPage(w, r, l, base)
			return
		}
		var where string
		where, op, _ = strings.Cut(tail, "/")
		var ok bool
		if k, ok = parseKey(where); !ok {
			writeError(w, http.StatusNotFound, l.T("live.err.where"))
			return
		}
		base += "/" + k.String()
	}
	if !acc.Allows(k.round, k.board) {
		writeError(w, http.StatusForbidden, l.T("live.err.other"))
		return
	}
	b := sv.boardOf(k)
	if b == nil {
		writeError(w, http.StatusNotFound, l.T("live.err.noboard", "Round", k.round, "Board", k.board))
		return
	}
	if op == "" || op == "state" {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, l.T("live.err.method"))
			return
		}
		if op == "" {
			sv.recordPage(w, l, b, base, acc.Arbiter)
		} else {
			sv.stateOfBoard(w, b)
		}
		return
	}
	handler, ok := map[string]func(http.ResponseWriter, *lang.Lang, *board, []byte, bool){
		"moves": sv.postMove, "undo": sv.postUndo, "result": sv.postResult}[op]
	if !ok {
		writeError(w, http.StatusNotFound, l.T("live.err.action"))
		return
	}
	body, status, msg := readWrite(r)
	if msg != "" {
		writeError(w, status, l.T(msg))
		return
	}
	handler(w, l, b, body, acc.Arbiter)
}

// answerLanguage is the language of a recording link's answers: its page's, chosen as the
// site's pages are; a write, which a redirect would lose, keeps the language the reader chose
// before (the cookie) or the browser's.
func (sv *Server) answerLanguage(w http.ResponseWriter, r *http.Request) (*lang.Lang, bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead && r.URL.Query().Has("lang") {
		r2 := *r
		u := *r.URL
		q := u.Query()
		q.Del("lang")
		u.RawQuery = q.Encode()
		r2.URL = &u
		r = &r2
	}
	return sv.language(w, r)
}

// readWrite checks a request that changes a record and reads its body; a refusal is the
// status and the catalogue's message id. Cross-site forgery:
// a request another site's page sends carries that site's Origin, or is marked cross-site
// by the browser, and is refused; and a JSON body cannot be sent across sites without the
// browser asking first, which this server never allows.
func readWrite(r *http.Request) ([]byte, int, string) {
	if r.Method != http.MethodPost {
		return nil, http.StatusMethodNotAllowed, "live.err.post"
	}
	if !sameOrigin(r) {
		return nil, http.StatusForbidden, "live.err.site"
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return nil, http.StatusUnsupportedMediaType, "live.err.json"
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 4<<10+1))
	if err != nil {
		return nil, http.StatusBadRequest, "live.err.body"
	}
	if len(body) > 4<<10 {
		return nil, http.StatusRequestEntityTooLarge, "live.err.large"
	}
	return body, 0, ""
}

// sameOrigin reports whether a request comes from the server's own pages, or from no page at
// all (a program).
func sameOrigin(r *http.Request) bool {
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// decode reads a JSON body strictly.
func decode(body []byte, v any) error {
	d := json.NewDecoder(strings.NewReader(string(body)))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("bad request body: %v", err)
	}
	return nil
}

func (sv *Server) postMove(w http.ResponseWriter, l *lang.Lang, b *board, body []byte, _ bool) {
	var req struct {
		Ply   int    `json:"ply"`
		Move  string `json:"move"`
		Clock string `json:"clock"`
	}
	if err := decode(body, &req); err != nil || req.Ply < 1 || strings.TrimSpace(req.Move) == "" || len(req.Move) > 32 {
		writeError(w, http.StatusBadRequest, l.T("live.err.want", "Body", `{"ply":P,"move":"TOKEN"}`))
		return
	}
	var after engine.Position
	wr, err := sv.write(b, func(s *recorder.Session) (err error) {
		after, err = s.PlayAt(req.Ply, strings.TrimSpace(req.Move), req.Clock)
		return err
	})
	if err != nil {
		sv.refuse(w, l, wr, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ply": req.Ply, "position": after.String()})
}

func (sv *Server) postUndo(w http.ResponseWriter, l *lang.Lang, b *board, body []byte, _ bool) {
	var req struct {
		Ply int `json:"ply"`
	}
	if err := decode(body, &req); err != nil || req.Ply < 1 {
		writeError(w, http.StatusBadRequest, l.T("live.err.want", "Body", `{"ply":P}`))
		return
	}
	wr, err := sv.write(b, func(s *recorder.Session) error { return s.UndoAt(req.Ply) })
	if err != nil {
		sv.refuse(w, l, wr, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"plies": wr.plies, "position": wr.position})
}

// errEndedOnBoard refuses to withdraw a result the moves decided.
var errEndedOnBoard = fmt.Errorf("%w: the game ended on the board; take back its last move instead", recorder.ErrConflict)

// terminations a recording page may enter with a result: a game played at the board ends by
// none of the others (a forfeit or a bye is no game played).
var terminations = slices.DeleteFunc(slices.Clone(notation.Terminations), func(t string) bool { return t == "forfeit" || t == "bye" })

// postResult enters a result: {"result":"1-0","termination":"resignation"}, "*" withdrawing
// one entered off the board. The arbiter's results go through event.SetResult, as `bao event
// result` enters them: a correction of a decided game keeps a note of what it was, a board
// without moves is "unrecorded".
func (sv *Server) postResult(w http.ResponseWriter, l *lang.Lang, b *board, body []byte, arbiter bool) {
	var req struct {
		Result      string `json:"result"`
		Termination string `json:"termination"`
	}
	err := decode(body, &req)
	if req.Termination == "" {
		req.Termination = "adjudication"
	}
	if err != nil || !slices.Contains([]string{"1-0", "0-1", "1/2-1/2", "*"}, req.Result) || !slices.Contains(terminations, req.Termination) {
		writeError(w, http.StatusBadRequest, l.T("live.err.want", "Body", `{"result":"1-0|0-1|1/2-1/2|*","termination":"`+strings.Join(terminations, "|")+`"}`))
		return
	}
	if arbiter && req.Result != "*" {
		sv.arbiterResult(w, l, b, req.Result, req.Termination)
		return
	}
	wr, err := sv.write(b, func(s *recorder.Session) error {
		rec := s.Record()
		switch {
		case req.Result == "*" && s.Termination() == "":
			if rec.Result != "*" {
				return errEndedOnBoard
			}
			return nil // withdrawn already
		case req.Result == "*":
			_, err := s.Exec("result *")
			return err
		case rec.Result == req.Result && s.Termination() == req.Termination:
			return nil // entered already
		}
		_, err := s.Exec("result " + req.Result + " " + req.Termination)
		return err
	})
	if errors.Is(err, recorder.ErrBadArgument) { // a termination the game cannot have
		writeError(w, http.StatusBadRequest, l.T("live.err.badresult", "Result", req.Result, "Termination", req.Termination))
		return
	}
	if err != nil {
		sv.refuse(w, l, wr, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": wr.result, "termination": wr.termination, "plies": wr.plies})
}

func (sv *Server) arbiterResult(w http.ResponseWriter, l *lang.Lang, b *board, result, term string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, err := event.SetResult(sv.dir, event.Entry{Round: b.k.round, Board: b.k.board, Result: result, Termination: term, Holder: holder})
	if err != nil {
		switch {
		case errors.Is(err, event.ErrContradicted), errors.Is(err, event.ErrBoardBusy):
			sv.mu.Lock()
			plies := b.state.Plies
			sv.mu.Unlock()
			writeJSON(w, http.StatusConflict, map[string]any{"error": explain(l, written{plies: plies}, err), "plies": plies})
		case errors.Is(err, event.ErrBadResult):
			writeError(w, http.StatusBadRequest, l.T("live.err.badresult", "Result", result, "Termination", term))
		default:
			sv.refuse(w, l, written{}, err)
		}
		return
	}
	b.ses = nil // the file changed under the recorder: read it again
	s, err := event.Board(sv.dir, b.k.round, b.k.board)
	if err != nil {
		sv.refuse(w, l, written{}, err)
		return
	}
	sv.mu.Lock()
	href := b.state.Game
	sv.mu.Unlock()
	sv.setState(b, stateOf(b.k, s.Record(), href))
	sv.logf("board %s: result %s (%s) entered by the arbiter", b.k, e.Result, e.Termination)
	writeJSON(w, http.StatusOK, map[string]any{"result": e.Result, "termination": e.Termination, "plies": e.Moves})
}

// refuse answers a write that was not made: 409 with the moves the record holds for a
// conflict, 422 with the legal moves for an illegal one; the error in language l.
func (sv *Server) refuse(w http.ResponseWriter, l *lang.Lang, wr written, err error) {
	switch {
	case errors.Is(err, recorder.ErrConflict), errors.Is(err, recorder.ErrFinished), errors.Is(err, event.ErrBoardBusy),
		errors.Is(err, recorder.ErrNothingToUndo), errors.Is(err, engine.ErrGameOver):
		writeJSON(w, http.StatusConflict, map[string]any{"error": explain(l, wr, err), "plies": wr.plies})
	case isIllegal(err):
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": explain(l, wr, err), "legal": append([]string{}, wr.legal...)})
	case errors.Is(err, recorder.ErrBadArgument):
		writeError(w, http.StatusBadRequest, explain(l, wr, err))
	case errors.Is(err, event.ErrNoPairing):
		writeError(w, http.StatusNotFound, explain(l, wr, err))
	default:
		sv.logf("recording failed: %v", err)
		writeError(w, http.StatusInternalServerError, l.T("live.err.notsaved", "Error", err.Error()))
	}
}

// explain is a refused write's error as the players are told it in language l, from the
// catalogue; a move that cannot be played is said as bao record says it (recorder.Explain),
// which in English keeps the engine's words, with the rule that refused it.
func explain(l *lang.Lang, wr written, err error) string {
	var me *engine.MoveError
	var ce *recorder.ClockError
	switch {
	case errors.Is(err, recorder.ErrFinished), errors.Is(err, engine.ErrGameOver):
		return l.T("live.err.finished", "Result", wr.result)
	case errors.Is(err, errEndedOnBoard):
		return l.T("live.err.endedonboard")
	case errors.Is(err, recorder.ErrConflict):
		return l.N("live.err.conflict", wr.plies)
	case errors.Is(err, recorder.ErrNothingToUndo):
		return l.T("live.err.nothing")
	case errors.Is(err, event.ErrBoardBusy):
		return l.T("live.err.busy")
	case errors.Is(err, event.ErrContradicted):
		return l.T("live.err.contradicted")
	case errors.Is(err, event.ErrNoPairing):
		return l.T("live.err.nopairing")
	case errors.As(err, &ce):
		return l.T("live.err.clock", "Clock", ce.Reading)
	case errors.As(err, &me) && errors.Is(err, engine.ErrAmbiguousMove):
		return l.T("live.err.ambiguous", "Move", me.Token, "Legal", strings.Join(me.Legal, " "))
	case isIllegal(err):
		return recorder.Explain(l, err, wr.result)
	}
	return l.T("live.err.refused")
}

// stateOfBoard answers the recording page's GET <link>/state: the board's record as it
// stands, as the spectators are sent it.
func (sv *Server) stateOfBoard(w http.ResponseWriter, b *board) {
	sv.mu.Lock()
	st := *b.state
	sv.mu.Unlock()
	writeJSON(w, http.StatusOK, &st)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func tooMany(w http.ResponseWriter, l *lang.Lang) {
	w.Header().Set("Retry-After", "1")
	writeError(w, http.StatusTooManyRequests, l.T("live.err.toomany"))
}

// clientIP is the address a request came from.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// keyring holds the hashes of the event's links, read again when `bao event pair` changes
// them.
type keyring struct {
	dir   string
	mu    sync.Mutex
	keys  *event.Keys
	stamp fileStamp
}

func (kr *keyring) lookup(secret string) (event.Access, error) {
	if secret == "" || len(secret) > 64 {
		return event.Access{}, event.ErrNoLink
	}
	kr.mu.Lock()
	defer kr.mu.Unlock()
	if st := stampOf(event.KeysPath(kr.dir)); kr.keys == nil || st != kr.stamp {
		keys, err := event.LoadKeys(kr.dir)
		if err != nil {
			return event.Access{}, err
		}
		kr.keys, kr.stamp = keys, st
	}
	return kr.keys.Lookup(secret)
}

// limits slow down the guessing of links and a link that writes too fast: token buckets,
// one per client address for requests with a wrong secret, one per link.
type limits struct {
	mu    sync.Mutex
	fails map[string]*bucket
	links map[event.Access]*bucket
	// FailRate, FailBurst: wrong secrets a client may try per second, and at once.
	failRate, failBurst float64
	linkRate, linkBurst float64
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimits() limits {
	return limits{fails: map[string]*bucket{}, links: map[event.Access]*bucket{},
		failRate: 1, failBurst: 10, linkRate: 20, linkBurst: 60}
}

func (l *limits) fail(ip string) bool { return take(&l.mu, l.fails, ip, l.failRate, l.failBurst) }

func (l *limits) link(a event.Access) bool {
	return take(&l.mu, l.links, a, l.linkRate, l.linkBurst)
}

// take takes a token from m[k]'s bucket, which refills at rate per second up to burst.
func take[K comparable](mu *sync.Mutex, m map[K]*bucket, k K, rate, burst float64) bool {
	mu.Lock()
	defer mu.Unlock()
	now := time.Now()
	b := m[k]
	if b == nil {
		if len(m) >= 10000 { // many addresses: forget the full buckets
			for k, b := range m {
				if b.tokens+now.Sub(b.at).Seconds()*rate >= burst {
					delete(m, k)
				}
			}
		}
		b = &bucket{tokens: burst, at: now}
		m[k] = b
	}
	b.tokens = min(burst, b.tokens+now.Sub(b.at).Seconds()*rate)
	b.at = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
