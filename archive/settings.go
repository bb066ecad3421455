package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/bao-archive/bao/event"
	"github.com/bao-archive/bao/internal/lang"
)

// SettingsFile is an archive's settings, at its root: the defaults of the commands that
// publish it. For now one key:
//
//	lang = "sw"       # the site's language: "en", "sw", "en,sw" or "all" (bao site build --lang)
const SettingsFile = "bao.toml"

// Settings are what an archive's SettingsFile says; the zero value when it has none.
type Settings struct {
	// Lang lists the languages of the archive's site, the first its default (lang.Codes).
	Lang []string
}

// ReadSettings reads the SettingsFile at the root of fsys. Without one it returns the zero
// Settings; a file that cannot be read is an error of kind event.ErrConfig at its line.
func ReadSettings(fsys fs.FS) (Settings, error) {
	data, err := fs.ReadFile(fsys, SettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, err
	}
	var f struct {
		Lang string `toml:"lang"`
	}
	if err := event.DecodeTOML(SettingsFile, data, &f); err != nil {
		return Settings{}, err
	}
	var s Settings
	if f.Lang == "all" {
		s.Lang = lang.Codes
		return s, nil
	}
	for _, code := range strings.Split(f.Lang, ",") {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if _, err := lang.Get(code); err != nil {
			return Settings{}, fmt.Errorf("%s:%d:1: %w: lang: %v", SettingsFile, langLine(data), event.ErrConfig, err)
		}
		s.Lang = append(s.Lang, code)
	}
	return s, nil
}

// langLine is the line of data that sets lang.
func langLine(data []byte) int {
	for i, l := range strings.Split(string(data), "\n") {
		if k, _, ok := strings.Cut(l, "="); ok && strings.Trim(strings.TrimSpace(k), `"'`) == "lang" {
			return i + 1
		}
	}
	return 1
}
