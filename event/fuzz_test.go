package event

import (
	"errors"
	"testing"
)

// FuzzDecodeConfig: any event.toml is an event or an ErrConfig, never a panic.
func FuzzDecodeConfig(f *testing.F) {
	f.Add("name = \"X\"\nvariant = \"kete\"\nformat = \"knockout\"\n[[players]]\nname = \"A\"\n[[players]]\nname = \"B\"\n")
	f.Add("name = \"X\"\nvariant = \"kete\"\nformat = \"swiss\"\nrounds = \"five\"\n")
	f.Add("name = \"X\"\nvariant = \"kete\"\nformat = \"match\"\n[[players]]\nname = \"A\"\n  age = 3\n")
	f.Add("name = \"X\nY\"")
	f.Fuzz(func(t *testing.T, data string) {
		c, err := DecodeConfig("e.toml", []byte(data))
		if err != nil && !errors.Is(err, ErrConfig) {
			t.Fatalf("%q: %v is not ErrConfig", data, err)
		}
		if err == nil {
			Next(c, nil) // the first round of any event that reads
		}
	})
}
