package markdown

import (
	_ "embed" // CustomSource
	"strings"
)

//go:embed custom.go
var customGo string

// CustomSource returns the declarations of custom.go, without its package
// clause and imports, for the generated package to include: the code that
// splits a custom-mode file into name and instructions. The including file
// must import strings.
func CustomSource() string {
	_, decls, _ := strings.Cut(customGo, "import \"strings\"\n")
	return decls
}

// CustomText splits a custom-mode file into the name it gives itself and
// its instructions: a frontmatter block (a first line "---" up to the next
// "---" line, possibly empty) is removed and its name: read; without one,
// the name is the first ATX or setext heading outside code (FirstHeading).
// The instructions lose the blank lines and trailing white space around
// them; the first line keeps its indentation.
func CustomText(text string) (name, body string) { return customText(text) }

// FirstHeading returns the text of the first ATX or setext heading of text
// outside fenced and indented code, "" when there is none. Headings inside
// block quotes and list items are not looked for.
func FirstHeading(text string) string { return firstHeading(text) }
