package analysis

// tuned holds the evaluation weights of each game, by variant ID, as printed by the tuning
// script: go run ./analysis/tune (see its doc comment for the exact command and data).
var tuned = map[string]Weights{
	"kiswahili": {100, 100, 20, 300, 10, 10, 20},
	"kete":      {100, 100, 20, 300, 10, 10, 20},
	"kingulu":   {100, 100, 0, 0, 10, 10, 20},
	"kimasai":   {100, 0, 20, 0, 0, 10, 20},
}
