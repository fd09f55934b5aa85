// Package tokens counts the tokens of prompt text.
//
// Three counters exist, chosen by name:
//
//   - "chars/4": the estimate used by default. It is the number of Unicode
//     code points divided by four and rounded up (ceil(chars/4)), the
//     convention of the cost notices. It needs no vocabulary and is fast.
//   - "o200k_base" and "cl100k_base": exact byte-pair-encoding counts of the
//     OpenAI vocabularies, computed with github.com/tiktoken-go/tokenizer.
//
// The exact counters load their vocabulary lazily, on the first Count of a
// non-empty text, and at most once per process. A program that only
// constructs them, or only uses chars/4, never initialises a vocabulary
// (loading one costs tens of megabytes and a noticeable fraction of a
// second).
//
// Every Counter is safe for concurrent use.
package tokens

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// The names New accepts.
const (
	// CharsPer4 names the default estimate: ceil(code points / 4).
	CharsPer4 = "chars/4"
	// O200kBase names the exact o200k_base vocabulary (GPT-4o, o-series, GPT-5).
	O200kBase = "o200k_base"
	// Cl100kBase names the exact cl100k_base vocabulary (GPT-4, GPT-3.5).
	Cl100kBase = "cl100k_base"
)

// ErrUnknown is wrapped by the error New returns for a name it does not know.
var ErrUnknown = errors.New("unknown tokenizer")

// Counter counts the tokens of a text.
type Counter interface {
	// Name returns the counter's name as New accepts it: "chars/4",
	// "o200k_base" or "cl100k_base". Every cost reports it, so that a
	// reader knows how the number was counted.
	Name() string
	// Count returns the number of tokens in text; Count("") is 0. It never
	// fails: text that is not valid UTF-8 is counted as if each invalid
	// sequence were U+FFFD, as tiktoken does for bytes decoded with
	// errors="replace". Count keeps no reference to text after it
	// returns, so a caller may count a text built in memory it reuses.
	Count(text string) int
	// Exact reports whether Count is the number of tokens a model's
	// tokenizer produces (true) or an estimate (false).
	Exact() bool
}

// Names returns the names New accepts, default first. The slice is new on
// every call.
func Names() []string {
	return []string{CharsPer4, O200kBase, Cl100kBase}
}

// New returns the counter with the given name (see Names). For an unknown
// name the error wraps ErrUnknown and lists the valid names. New never loads
// a vocabulary: the exact counters load theirs on first use, and all
// counters returned for the same name share one vocabulary.
func New(name string) (Counter, error) {
	switch name {
	case CharsPer4:
		return charsPer4{}, nil
	case O200kBase:
		return o200k, nil
	case Cl100kBase:
		return cl100k, nil
	}
	return nil, fmt.Errorf("%w %q: valid names are %s", ErrUnknown, name, strings.Join(Names(), ", "))
}

// Chars returns the number of Unicode code points in text, the unit of every
// character budget. Each byte of an invalid UTF-8 sequence counts as one.
func Chars(text string) int {
	return utf8.RuneCountInString(text)
}

// charsPer4 is the default estimate.
type charsPer4 struct{}

func (charsPer4) Name() string { return CharsPer4 }
func (charsPer4) Exact() bool  { return false }
func (charsPer4) Count(text string) int {
	return per4(Chars(text))
}

// per4 is the default estimate for a text of n code points.
func per4(n int) int {
	return (n + 3) / 4
}

// ByChars returns the count c gives any text of n code points, and true,
// when c's count depends on nothing but the number of code points: the
// default estimate, memoised or not (told by its name, which names the
// method). For any other counter it returns 0 and false. Code points add up
// over a concatenation of valid UTF-8 texts, so a caller that knows the
// sizes of the pieces gets the count of their concatenation without
// building it.
func ByChars(c Counter, n int) (int, bool) {
	if c.Name() != CharsPer4 {
		return 0, false
	}
	return per4(n), true
}

// The exact counters are process-wide so that each vocabulary is loaded once.
var (
	o200k  = &bpe{name: O200kBase, encoding: tokenizer.O200kBase}
	cl100k = &bpe{name: Cl100kBase, encoding: tokenizer.Cl100kBase}
)

// bpe counts with one tiktoken vocabulary, loaded on first use.
type bpe struct {
	name     string
	encoding tokenizer.Encoding

	once   sync.Once
	codec  tokenizer.Codec // set inside once; read only after once.Do returns
	loaded atomic.Bool     // true once codec is set; lets tests observe laziness
}

func (b *bpe) Name() string { return b.name }
func (b *bpe) Exact() bool  { return true }

func (b *bpe) Count(text string) int {
	if text == "" {
		return 0
	}
	n, err := b.get().Count(text)
	if err != nil {
		// The library reports errors only for invalid UTF-8 in strict mode
		// (the codec is in replace mode) and for match timeouts (none is
		// set), so this is a broken invariant, not an input problem.
		panic(fmt.Sprintf("tokens: %s: counting failed: %v", b.name, err))
	}
	return n
}

// get returns the codec, loading the vocabulary on the first call. It is the
// only place that calls tokenizer.Get.
func (b *bpe) get() tokenizer.Codec {
	b.once.Do(func() {
		c, err := tokenizer.Get(b.encoding)
		if err != nil {
			// Both encodings are compiled into the library.
			panic(fmt.Sprintf("tokens: %s: %v", b.name, err))
		}
		c.SetErrorMode(tokenizer.ErrorModeReplace)
		b.codec = c
		b.loaded.Store(true)
	})
	return b.codec
}
