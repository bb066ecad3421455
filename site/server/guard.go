package server

import (
	"crypto/tls"
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/bao-archive/bao/internal/lang"
)

// Timeouts of the server: a slow or stalled client holds a connection for at most these, and a
// live search runs for at most liveTimeout.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = time.Minute
	liveTimeout       = 10 * time.Second
)

// httpServer is the http.Server that Serve runs on ln: with timeouts, the Host check and a
// recovery from panics in front of sv, and its own log lines sent to Logf.
func (sv *Server) httpServer(ln net.Listener) *http.Server {
	return &http.Server{
		Handler:           sv.Guard(ln.Addr()),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          log.New(logWriter{sv}, "", 0),
	}
}

// logWriter sends net/http's log lines (a TLS handshake on a plain port, say) to Logf.
type logWriter struct{ sv *Server }

func (l logWriter) Write(p []byte) (int, error) {
	l.sv.logf("%s", strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Guard wraps sv for serving on addr. It answers 403 to a request whose Host is neither an
// address of addr nor one of AllowHosts: a web page on another site that points its own name
// at 127.0.0.1 (DNS rebinding) must not be able to drive a local bao serve. And it turns a
// panic inside one request into a 500 and one log line naming the request, never a crash.
func (sv *Server) Guard(addr net.Addr) http.Handler {
	listen := addrIP(addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				sv.logf("internal error serving %s %.200q: %v", r.Method, r.URL.RequestURI(), p)
				http.Error(w, lang.Match(r.Header.Get("Accept-Language")).T("error.internal"), http.StatusInternalServerError)
			}
		}()
		if !sv.hostAllowed(r.Host, listen) {
			http.Error(w, lang.Match(r.Header.Get("Accept-Language")).T("error.host", "Host", fmt.Sprintf("%.100q", r.Host)), http.StatusForbidden)
			return
		}
		sv.ServeHTTP(w, r)
	})
}

// hostAllowed checks a request's Host against the address the server listens on: an IP
// literal is allowed if it is that address (any, when bound to every address), "localhost"
// if the server listens on loopback or every address, other names only if AllowHosts lists
// them. A request without a Host (HTTP/1.0) comes from no browser and is allowed.
func (sv *Server) hostAllowed(hostport string, listen net.IP) bool {
	if hostport == "" {
		return true
	}
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	for _, h := range sv.AllowHosts {
		if strings.EqualFold(strings.TrimSuffix(h, "."), host) {
			return true
		}
	}
	wildcard := listen == nil || listen.IsUnspecified()
	if ip := net.ParseIP(host); ip != nil {
		return wildcard || ip.Equal(listen) || ip.IsLoopback() && listen.IsLoopback()
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return wildcard || listen.IsLoopback()
	}
	return false
}

// addrIP is the IP address of a listener's address, nil if it has none.
func addrIP(addr net.Addr) net.IP {
	if a, ok := addr.(*net.TCPAddr); ok {
		return a.IP
	}
	return nil
}

// exposed says whether a listener's address is reachable from other machines.
func exposed(addr net.Addr) bool {
	ip := addrIP(addr)
	return ip == nil || !ip.IsLoopback()
}

// Listen listens on addr and returns the scheme of the addresses served: "https" when
// certFile and keyFile (PEM) are given, for a venue without a proxy, where the server speaks
// TLS itself; else "http".
func Listen(addr, certFile, keyFile string) (net.Listener, string, error) {
	var cfg *tls.Config
	if certFile != "" {
		cert, err := tls.LoadX509KeyPair(certFile, keyFile)
		if err != nil {
			return nil, "", err
		}
		cfg = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", err // a port in use is found at run time
	}
	if cfg == nil {
		return ln, "http", nil
	}
	return tls.NewListener(ln, cfg), "https", nil
}
