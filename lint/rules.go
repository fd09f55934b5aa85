package lint

import (
	"github.com/promptc/promptc/compiler"
	"github.com/promptc/promptc/compiler/family"
	"github.com/promptc/promptc/compiler/guide"
	"github.com/promptc/promptc/compiler/include"
	"github.com/promptc/promptc/compiler/source"
	"github.com/promptc/promptc/internal/config"
	"github.com/promptc/promptc/internal/diag"
)

// Rule IDs of the checks that only lint runs.
const (
	RuleTrailingSpace     = "TEXT_TRAILING_SPACE"
	RuleTab               = "TEXT_TAB"
	RuleZeroWidth         = "INVISIBLE_ZERO_WIDTH"
	RuleBidi              = "INVISIBLE_BIDI"
	RuleTag               = "INVISIBLE_TAG"
	RuleSecret            = "SECRET"
	RuleOrphan            = "ORPHAN_FILE"
	RuleDuplicate         = "DUPLICATE_PARAGRAPH"
	RuleParagraphRepeated = "PARAGRAPH_REPEATED"
	RulePartUnused        = "PART_UNUSED"
	RulePartEmpty         = "PART_EMPTY"
	RuleIncludeSpace      = "INCLUDE_SPACE"
	RuleOutputStale       = "OUTPUT_STALE"
	RuleIgnoreNoReason    = "IGNORE_NO_REASON"
	RuleIgnoreUnused      = "IGNORE_UNUSED"
	RuleIgnoreUnknown     = "IGNORE_UNKNOWN_RULE"
	RuleIgnoreMalformed   = "IGNORE_MALFORMED"
)

// registry lists every rule, each with its documentation and where its
// findings come from: the compiler package that reports it while compiling
// (Compiler, the ID taken from that package's constant), lint's own check
// (check, which Run plans when the rule is enabled), or both. Adding a
// rule is adding its entry here.
var registry = []Rule{
	// Configuration.
	{
		ID: config.RuleConfig, Category: Minimal, Severity: diag.Error, Compiler: "internal/config",
		Summary: "promptc.cue must parse, satisfy the schema and refer only to things it declares.",
		Doc: `promptc.cue is unified with the schema's #Config. Every definition is closed, so a misspelled field, a value of the wrong type, a number out of bounds, a name that refers to no declared mode, a budget with both or neither of chars and tokens, and a pattern that does not compile are errors, each positioned at the value you wrote.

Lint also checks its own section: every entry of lint.use and lint.except must be a rule ID or a category, every key of lint.ignoreOnly a rule ID, and every glob well formed.

Configuration errors stop promptc before anything else is checked (exit code 2). CUE reports some errors only after others are fixed, so fix what is shown and run again.`,
		Bad: `-- promptc.cue --
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "fcous"
lint: except: ["TRAILING_SPACE"]
`,
		Good: `-- promptc.cue --
modes: focus: compose: [parts.base]
order: ["focus"]
defaultMode: "focus"
lint: except: ["TEXT_TRAILING_SPACE"]
`,
	},
	{
		ID: source.RuleRead, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Every part must be able to get its text.",
		Doc:     `Reported when a part cannot get its text for a reason other than a missing or unsafe file: a part with generated: "guide" in a project that has no guide section, a file of more than 64 MiB (far more text than any model is sent: split it), or a read that failed in an unexpected way. The part would be composed empty.`,
		Bad: `-- promptc.cue --
parts: operatorGuide: generated: "guide"
// no guide: {...} section
`,
		Good: `-- promptc.cue --
parts: operatorGuide: generated: "guide"
guide: {
	template: "prompts/operator-guide.template.md"
	cards:    "cards/*.md"
	docs:     "docs/**/*.md"
}
`,
	},
	{
		ID: compiler.RuleBlockMissing, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A part's block, and every block it omits, must exist in its file.",
		Doc:     `A part can take one named block of a file: block: "focus" means the lines after <!-- focus --> up to <!-- /focus --> (or the end of the file). It can also leave blocks out with omit. Marker lines are only recognised outside code. A block name with no marker usually means the marker was renamed or deleted; the part would silently send the wrong text, so it is an error at the config value.`,
		Bad: `-- promptc.cue --
parts: core: {file: "prompts/basics.md", block: "focus"}
-- prompts/basics.md --
Use the tools before guessing.

<!-- core -->
Say what you will do, then do it.
`,
		Good: `-- promptc.cue --
parts: core: {file: "prompts/basics.md", block: "focus"}
-- prompts/basics.md --
Use the tools before guessing.

<!-- focus -->
Say what you will do, then do it.
`,
	},
	{
		ID: compiler.RuleFamilyFiles, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "families.files must be a valid glob inside the project, and each file it finds must name a valid family.",
		Doc:     `families.files is a doublestar glob, relative to the project root, that finds the family files. A malformed pattern (an unclosed bracket or brace, an absolute path, a .. that leaves the root) finds nothing, so every model would get the fallback family. A glob that finds no file while rules or examples name families (a misspelled directory) is one error at the glob, naming the families and, when the project holds family files elsewhere, where they are, instead of one UNKNOWN_FAMILY per rule and example. A file it finds names the family before .prompt.md, which must start with a letter and hold only letters, digits, '.', '_' and '-' (gpt-5.1.prompt.md is the family gpt-5.1); a file that names no valid family is left out.`,
		Bad: `-- promptc.cue --
families: files: "prompts/families/[a-z*.prompt.md"
`,
		Good: `-- promptc.cue --
families: files: "prompts/families/*.prompt.md"
`,
	},

	// Reading files.
	{
		ID: source.RuleNotFound, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Every file named by a part, an @include line or the guide must exist.",
		Doc:     `A part's file, the target of an @include line and the guide template must exist and be readable. A missing file named in promptc.cue is reported at the config value; a missing include at the include line. An include that fails is left out of the text, so this is always an error.`,
		Bad: `-- prompts/base.md --
You are Tern, a coding agent.

@shared/safty.md
`,
		Good: `-- prompts/base.md --
You are Tern, a coding agent.

@shared/safety.md
`,
	},
	{
		ID: source.RuleEscape, Category: Security, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Paths and includes must stay inside the project root, symlink targets included.",
		Doc:     `Every read goes through an os.Root opened on the directory of promptc.cue, so a path with .. that leaves the project, an absolute path or a symlink whose target lies outside the project is refused. An include path that climbs out and comes back in through the root's own name (@../proj/x.md in a root named proj) is read lexically as the path inside (x.md), and that read is confined like any other. Prompt text decides what a model is told: it must come from files that are reviewed with the project, never from elsewhere on the machine that builds it.`,
		Bad: `-- prompts/base.md --
@../../home/me/notes.md
`,
		Good: `-- prompts/base.md --
@shared/notes.md
`,
	},
	{
		ID: source.RuleNotRegular, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Assets must be regular files, not directories, FIFOs or devices.",
		Doc:     `A part or include that names a directory, a named pipe, a socket or a device is refused before it is opened: reading a FIFO blocks forever, and a directory has no text. Name the file inside the directory instead.`,
		Bad: `-- promptc.cue --
parts: base: file: "prompts"
`,
		Good: `-- promptc.cue --
parts: base: file: "prompts/base.md"
`,
	},
	{
		ID: source.RuleInvalidUTF8, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Assets must be valid UTF-8.",
		Doc:     `A file with bytes that are not valid UTF-8 (often a file saved as Latin-1 or Windows-1252) is refused; the message gives the byte offset and the byte. Re-save the file as UTF-8.`,
		Bad: `-- prompts/base.md --
Caf\xe9 rules apply.   (byte 0xE9 alone: Latin-1)
`,
		Good: `-- prompts/base.md --
Café rules apply.      (U+00E9 as the two bytes 0xC3 0xA9)
`,
	},
	{
		ID: source.RuleNUL, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Assets must not contain NUL bytes.",
		Doc:     `A NUL byte means the file is binary or corrupted; no prompt needs one, and many tools stop reading at it. The message gives the byte offset of the first one.`,
		Bad: `-- prompts/base.md --
You are Tern.\x00
`,
		Good: `-- prompts/base.md --
You are Tern.
`,
	},
	{
		ID: source.RuleBOM, Category: Minimal, Severity: diag.Error, Compiler: "compiler/source",
		Summary: "Assets must not contain a byte-order mark (U+FEFF) anywhere.",
		Doc:     `A UTF-8 byte-order mark (EF BB BF, U+FEFF) is invisible in most editors and would be sent to the model; at the start of a file it also hides a frontmatter --- line. Save the file as UTF-8 without BOM.`,
		Bad: `-- prompts/families/claude.prompt.md --
\xEF\xBB\xBF---
family: claude
`,
		Good: `-- prompts/families/claude.prompt.md --
---
family: claude
`,
	},
	{
		ID: source.RuleCRLF, Category: Standard, Severity: diag.Warning, Compiler: "compiler/source",
		Summary: "Assets should use LF line endings.",
		Doc:     `promptc converts CRLF line endings to LF, so the text sent is the same either way; but mixed endings make diffs noisy and change the bytes other tools hash. The warning names the first CRLF line. Convert the file, and consider a .gitattributes line such as *.md text eol=lf.`,
		Bad: `-- prompts/base.md --
You are Tern.\r
Work in small steps.\r
`,
		Good: `-- prompts/base.md --
You are Tern.
Work in small steps.
`,
	},
	{
		ID: RuleTrailingSpace, Category: Standard, Severity: diag.Warning, check: textTrailing,
		Summary: "Lines should not end in spaces or tabs.",
		Doc:     `Trailing white space is invisible, costs characters on every call, and shows up as noise in diffs. In Markdown, two trailing spaces make a hard line break, which a model does not need. Every file promptc reads is checked, and promptc.cue too; the column is where the white space starts.`,
		Bad: `-- prompts/base.md --
You are Tern.␠␠
Work in small steps.␠
`,
		Good: `-- prompts/base.md --
You are Tern.
Work in small steps.
`,
	},
	{
		ID: RuleTab, Category: Standard, Severity: diag.Warning, check: textTabs,
		Summary: "Tab characters in prompt text, when the project forbids them.",
		Doc:     `Enabled by lint.forbidTabs: true. Tabs render at different widths in different tools, and some tokenizers spend more tokens on them than on spaces. One finding is reported per line, at its first tab. promptc.cue itself is not checked: cue fmt indents with tabs.`,
		Bad: `-- promptc.cue --
lint: forbidTabs: true
-- prompts/base.md --
- Steps:
→→run the tests first
`,
		Good: `-- promptc.cue --
lint: forbidTabs: true
-- prompts/base.md --
- Steps:
    run the tests first
`,
	},

	// Invisible and deceptive characters.
	{
		ID: RuleZeroWidth, Category: Security, Severity: diag.Error, check: textInvisible,
		Summary: "Zero-width characters hide text from reviewers.",
		Doc: `Zero-width space (U+200B), zero-width non-joiner (U+200C), zero-width joiner (U+200D) and word joiner (U+2060) are invisible in editors and in review, yet a model reads them. They can split a word so that a review search misses it, or mark text for a later instruction. Each one is reported with its code point and column.

A joiner between two emoji (a family or a profession emoji) or between two letters of a script that needs it (Persian, Devanagari, ...) is text, not a trick, and is not reported. U+FEFF, the byte-order mark, is refused wherever it appears by TEXT_BOM.`,
		Bad: `-- prompts/base.md --
Never run rm -rf on the user's home.   (with U+200B between "r" and "m")
`,
		Good: `-- prompts/base.md --
Never run rm -rf on the user's home.
`,
	},
	{
		ID: RuleBidi, Category: Security, Severity: diag.Error, check: textInvisible,
		Summary: "Bidirectional control characters make text read differently from how it displays.",
		Doc:     `The embedding and override controls (U+202A..U+202E), the isolates (U+2066..U+2069) and the marks U+200E, U+200F and U+061C change the order in which text is displayed, so a reviewer can see one instruction while the model reads another (the "Trojan Source" technique). Prompt assets have no use for them; right-to-left text displays correctly without them. Each one is reported with its code point and column.`,
		Bad: `-- prompts/boundary.md --
Ask before deleting files.   (with U+202E before "files")
`,
		Good: `-- prompts/boundary.md --
Ask before deleting files.
`,
	},
	{
		ID: RuleTag, Category: Security, Severity: diag.Error, check: textInvisible,
		Summary: "Unicode tag characters smuggle hidden instructions.",
		Doc:     `The characters U+E0000..U+E007F mirror ASCII but display as nothing. Text written in them is invisible to a reviewer and still read by many models, which makes them the usual way to hide an instruction in a prompt. Each run of them is reported once, with its first code point, its column and the ASCII it spells. The flags of England, Scotland and Wales, a black flag (U+1F3F4) followed by exactly the tags that spell gbeng, gbsct or gbwls and a cancel tag, display as flags and are not reported; tags added to them are.`,
		Bad: `-- prompts/base.md --
Be helpful.   (followed by U+E0049 U+E0067 U+E006E ..., spelling "Ignore the boundary")
`,
		Good: `-- prompts/base.md --
Be helpful.
`,
	},
	{
		ID: source.RuleLinkOutside, Category: Security, Severity: diag.Warning, Compiler: "compiler/source",
		Summary: "A glob does not follow a symbolic link out of the project, and says so.",
		Doc:     `Every read stays inside the project root, so a glob (families.files, guide.cards, guide.docs, a frontmatter glob, lint.orphans) does not follow a symbolic link to a directory outside it, and the files below that link are neither composed nor checked. Each such link is reported once, at the link, so that files do not vanish from a build without a word. Replace the link with the files, or point it at a directory inside the project; a link to a file that a glob matches is reported as INCLUDE_ESCAPE when it is read.`,
		Bad: `-- prompts/families/vendor -> ../../../shared/families (a symbolic link) --
-- promptc.cue --
families: files: "prompts/**/*.prompt.md"
`,
		Good: `-- prompts/families/vendor/grok.prompt.md --
(the files themselves, inside the project)
`,
	},
	{
		ID: RuleSecret, Category: Security, Severity: diag.Error, check: textSecrets,
		Summary: "Credentials must never appear in prompt assets.",
		Doc:     `Prompt text is sent to every model provider on every call and ends up in logs and traces. API keys and tokens of common formats (Anthropic, OpenAI, GitHub, AWS, Google, Slack, Stripe, JSON Web Tokens), private key blocks and assignments of 16 characters or more such as api_key = "..." or "password": "..." are reported. An assignment whose value names where the key comes from (OPENAI_API_KEY, process.env.OPENAI_API_KEY) or stands for one (your-api-key-here, xxxxxxxxxxxxxxxx) is not. The message shows only the first characters and the length, never the value. Remove the credential and rotate it: it has been committed. Every command reports it and build refuses to write output while a credential is found (exit 1), whatever the lint section of promptc.cue says; only a promptc:ignore or promptc:file-ignore directive with a reason, in the file, lets one through.`,
		Bad: `-- prompts/base.md --
Use the staging API with key sk-ant-api03-…
`,
		Good: `-- prompts/base.md --
Use the staging API; the harness supplies its key in the environment.
`,
	},

	// Includes.
	{
		ID: include.RuleCycle, Category: Minimal, Severity: diag.Error, Compiler: "compiler/include",
		Summary: "An @include chain must not reach a file that is already on it.",
		Doc:     `A file that includes itself, directly or through others, would expand forever. The message shows the whole chain; remove one of the @ lines.`,
		Bad: `-- prompts/a.md --
@b.md
-- prompts/b.md --
@a.md
`,
		Good: `-- prompts/a.md --
@b.md
-- prompts/b.md --
Shared text.
`,
	},
	{
		ID: RuleIncludeSpace, Category: Standard, Severity: diag.Warning, check: includeSpaceCheck{},
		Summary: "A line that looks like an include but names a path with spaces is sent as text.",
		Doc:     `An include path holds no white space, so a line like "@my notes.md" is not an include: it is sent to the model as written and the file is never read, without a word from the build. Reported, when includes are enabled, for a line of ordinary text (not code, not an HTML comment) that is "@" directly followed by text that holds white space and ends in a file extension, at the "@". Rename the file (and the folders on its path) without spaces and include the new name; if the line is meant as text, put the path in backticks. A handle in prose ("@maria can you check this?") does not end in a file extension and is not reported, and neither is a line of a part with includes: false, where no @ line is an include.`,
		Bad: `-- prompts/base.md --
You are Tern.

@my notes.md
`,
		Good: `-- prompts/base.md --
You are Tern.

@my-notes.md

Mention ` + "`@my notes.md`" + ` in text, or ask @maria for the notes.
`,
	},
	{
		ID: include.RuleDiamond, Category: Standard, Severity: diag.Info, Compiler: "compiler/include",
		Summary: "A file reached twice by one expansion is included once.",
		Doc:     `When two files included by the same part both include a third, the third is included once, at its first place, and the second @ line is dropped. That is usually what was meant, so this is information: it shows where the text went.`,
		Bad: `-- prompts/base.md --
@a.md
@b.md
-- prompts/a.md --
@shared.md
-- prompts/b.md --
@shared.md
`,
		Good: `-- prompts/base.md --
@shared.md
@a.md
@b.md
`,
	},
	{
		ID: include.RuleDepth, Category: Minimal, Severity: diag.Error, Compiler: "compiler/include",
		Summary: "Include chains must not be deeper than includes.maxDepth.",
		Doc:     `A chain of @include lines deeper than includes.maxDepth (8 unless configured; the including file is depth 0) is cut, and the @ line that goes too deep is reported with the whole chain. Flatten the chain or raise the limit.`,
		Bad: `-- promptc.cue --
includes: maxDepth: 1
-- prompts/base.md --
@a.md
-- prompts/a.md --
@b.md
`,
		Good: `-- promptc.cue --
includes: maxDepth: 2
`,
	},
	{
		ID: include.RuleFiles, Category: Minimal, Severity: diag.Error, Compiler: "compiler/include",
		Summary: "One expansion must not reach more than includes.maxFiles files.",
		Doc:     `An expansion that reaches more files than includes.maxFiles (100 unless configured, the including file counted) stops at the first file over the limit. Merge small files or raise the limit.`,
		Bad: `-- promptc.cue --
includes: maxFiles: 2
-- prompts/base.md --
@a.md
@b.md
`,
		Good: `-- promptc.cue --
includes: maxFiles: 3
`,
	},
	{
		ID: include.RuleTotalChars, Category: Minimal, Severity: diag.Error, Compiler: "compiler/include",
		Summary: "One expansion must not exceed includes.maxTotalChars characters.",
		Doc:     `Text gathered by one expansion is counted in code points as it is gathered; the line where it passes includes.maxTotalChars (64,000 unless configured) is reported and nothing after it is included. This guards against an include that pulls in far more than intended; budgets are the place for tight ceilings.`,
		Bad: `-- promptc.cue --
includes: maxTotalChars: 100
-- prompts/base.md --
@long-reference.md
`,
		Good: `-- promptc.cue --
includes: maxTotalChars: 64000
`,
	},
	{
		ID: include.RuleFileChars, Category: Minimal, Severity: diag.Error, Compiler: "compiler/include",
		Summary: "No included file may exceed includes.maxFileChars characters.",
		Doc:     `A single file longer than includes.maxFileChars code points (16,000 unless configured) is not included at all. Split the file, or raise the limit if the size is intended.`,
		Bad: `-- promptc.cue --
includes: maxFileChars: 1000
-- prompts/reference.md --
(3,000 characters of reference text)
`,
		Good: `-- promptc.cue --
includes: maxFileChars: 4000
`,
	},

	// Family files.
	{
		ID: family.RuleHeader, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "A family file's header, when it has one, must be closed and name the family of its file name.",
		Doc:     `A family file may start with a --- line, a YAML header that is never sent (family:, provenance:, any other keys), and a closing --- line. The header is optional: the family's name is the file name before .prompt.md. When it is there, it is checked against #FamilyHeader, and a family: key must equal the file name, so that renaming a file cannot silently move text to another family. A first --- line that is never closed is an error: promptc cannot tell where the header ends.`,
		Bad: `-- prompts/families/claude.prompt.md --
---
family: anthropic
provenance: original text
---
Prefer small, reviewable edits.
`,
		Good: `-- prompts/families/claude.prompt.md --
---
family: claude
provenance: original text
---
Prefer small, reviewable edits.
`,
	},
	{
		ID: family.RuleNoProvenance, Category: Standard, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "With families.requireProvenance, every family file's header says where its text comes from.",
		Doc:     `provenance: records what the family's guidance is based on (original text, the vendor's public model documentation, an evaluation). Reviewers need it to judge whether the text may be changed, and whether it may be shipped. A project that wants it for every family sets families.requireProvenance: true; then a family file without a header, or whose header has no provenance, is an error at its first line. Without that setting provenance is optional and nothing is reported.`,
		Bad: `-- promptc.cue --
families: requireProvenance: true
-- prompts/families/claude.prompt.md --
---
family: claude
---
`,
		Good: `-- prompts/families/claude.prompt.md --
---
family: claude
provenance: original text, from Anthropic's public prompting guide
---
`,
	},
	{
		ID: family.RuleNoteMarker, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "Model note markers must read <!-- model \"Label\" /pattern/flags -->.",
		Doc:     `A line that starts like a model note marker but does not parse (missing quotes around the label, missing slashes around the pattern) would otherwise be sent to every model as text. The note it was meant to open is skipped.`,
		Bad: `-- prompts/families/claude.prompt.md --
<!-- model Opus claude-opus -->
`,
		Good: `-- prompts/families/claude.prompt.md --
<!-- model "Opus" /claude-opus/i -->
`,
	},
	{
		ID: family.RuleNotePattern, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "Model note patterns must be JavaScript regex literals that RE2 can run.",
		Doc:     `Note patterns are written as JavaScript regex literals, because the harnesses that use them are often TypeScript, and compiled with Go's RE2 so that no pattern can hang the harness. Flags i, m, s and u translate; g and y mean nothing for a single test and are refused; lookaround and backreferences are refused with the construct named. The column points into the pattern.`,
		Bad: `-- prompts/families/codex.prompt.md --
<!-- model "Mini" /gpt-(?!4o)mini/g -->
`,
		Good: `-- prompts/families/codex.prompt.md --
<!-- model "Mini" /gpt-[0-9.]+-mini/i -->
`,
	},
	{
		ID: family.RuleFileName, Category: Standard, Severity: diag.Warning, Compiler: "compiler/family",
		Summary: "Family files should be named <family>.prompt.md.",
		Doc:     `The .prompt.md suffix keeps claude.md and gemini.md from colliding with the CLAUDE.md and GEMINI.md instruction files that coding tools read, on file systems that ignore letter case. A family file found by families.files without the suffix is reported.`,
		Bad: `-- promptc.cue --
families: files: "prompts/families/*.md"
-- prompts/families/claude.md --
`,
		Good: `-- promptc.cue --
families: files: "prompts/families/*.prompt.md"
-- prompts/families/claude.prompt.md --
`,
	},
	{
		ID: family.RuleNameCollision, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "Two asset paths must not differ only by letter case.",
		Doc:     `claude.prompt.md and Claude.prompt.md are two files on Linux and one file on macOS and Windows: which text a build sends would depend on the machine. Rename one of them.`,
		Bad: `-- prompts/families/claude.prompt.md --
-- prompts/families/Claude.prompt.md --
`,
		Good: `-- prompts/families/claude.prompt.md --
`,
	},

	// Model resolution.
	{
		ID: family.RuleExampleMismatch, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "Every families.examples entry must resolve to the family it names.",
		Doc:     `families.examples is a table of model ids and the family each must resolve to. The compiler resolves each id with the rules exactly as the generated code will and reports any that resolve elsewhere, with the rule and pattern that decided. It is the test suite of the resolution rules.`,
		Bad: `-- promptc.cue --
families: rules: [{family: "codex", name: ["^gpt-"]}]
families: examples: "gpt-oss-20b": "local"
`,
		Good: `-- promptc.cue --
families: rules: [
	{family: "local", name: ["^gpt-oss"]},
	{family: "codex", name: ["^gpt-"]},
]
families: examples: "gpt-oss-20b": "local"
`,
	},
	{
		ID: family.RuleExampleNote, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "An example's expected model note must be the one its family file selects.",
		Doc:     `An example can also name the model note it expects ({family: "claude", note: "Opus"}). The first note whose pattern matches the id is the one sent; the finding says which note, if any, was selected instead. While a note marker of the family file is malformed (FAMILY_NOTE_MARKER) or its pattern does not compile (FAMILY_NOTE_PATTERN), the family's notes are not compared with the examples: that finding is the cause to fix first.`,
		Bad: `-- promptc.cue --
families: examples: "claude-opus-4-1": {family: "claude", note: "Opus"}
-- prompts/families/claude.prompt.md --
<!-- model "Sonnet" /claude/i -->
<!-- model "Opus" /opus/i -->
`,
		Good: `-- prompts/families/claude.prompt.md --
<!-- model "Opus" /opus/i -->
<!-- model "Sonnet" /sonnet/i -->
`,
	},
	{
		ID: compiler.RulePlaceholderUndeclared, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "Every {{name}} placeholder in sent text must be declared in promptc.cue.",
		Doc:     `A placeholder, {{name}} outside code in a part's file or a family file, is replaced by the value promptc.cue declares under placeholders: fixed, per family, per model note, or supplied by the harness at run time. One that is not declared would be sent as written, braces and all, so it is an error at its position. In a code block {{name}} is text.`,
		Bad: `-- prompts/base.md --
You are {{modelName}}.
`,
		Good: `-- promptc.cue --
placeholders: modelName: {value: "an assistant model", note: Opus: "Claude Opus"}
-- prompts/base.md --
You are {{modelName}}.
`,
	},
	{
		ID: compiler.RulePlaceholderValue, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A placeholder needs a value for every family and note that sends it.",
		Doc:     `A placeholder with family or note values and no plain value has none for a family or note they do not list. Every family whose text holds it (every family, for a part's own file) and every note choice of those families that sends it (a note's own text is sent only when that note is selected) must find a value: the selected note's, else the family's, else value. The custom mode's fallback is sent without a model, so it may hold no placeholder.`,
		Bad: `-- promptc.cue --
placeholders: modelName: family: codex: "a GPT model"
`,
		Good: `-- promptc.cue --
placeholders: modelName: {family: codex: "a GPT model", value: "an assistant model"}
`,
	},
	{
		ID: compiler.RulePlaceholderUnused, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "A declared placeholder should be used by some text.",
		Doc:     `A placeholder declared in promptc.cue that no part or family file uses is dead configuration, or a sign that the text spells it differently. Remove it or use it.`,
		Bad: `-- promptc.cue --
placeholders: product: value: "Tern"
`,
		Good: `-- prompts/base.md --
You work inside {{product}}.
`,
	},
	{
		ID: compiler.RuleTemplateParse, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A template part must be one Go text/template that parses.",
		Doc:     `A part with template: is a Go text/template file, parsed with the standard library's parser at build time. A parse error is reported at its line, at the token the parser names. A template part is one template: {{define}} and {{template}} are refused, so that every text it sends is in the file and bounded.`,
		Bad: `-- prompts/coder.tmpl --
Git: {{if .IsGitRepo}}yes{{else}}no
`,
		Good: `-- prompts/coder.tmpl --
Git: {{if .IsGitRepo}}yes{{else}}no{{end}}
`,
	},
	{
		ID: compiler.RuleTemplateFunc, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A template part calls only the built-in functions promptc can bound.",
		Doc:     `Budgets hold for the longest text a template can render, which promptc computes from the template's parse tree. It can bound and, eq, ge, gt, le, len, lt, ne, not, or, print, println and printf with a constant format of %s, %d, %v and %t; any other function (html, index, a harness's own) is refused at its place. Each call takes the arguments text/template needs, else it would fail at every call: and and or at least one, eq at least two, ne, lt, le, gt and ge two, not and len one, printf a format with one verb per operand.`,
		Bad: `-- prompts/coder.tmpl --
{{range .ContextFiles}}{{.Content | html}}{{end}}
`,
		Good: `-- prompts/coder.tmpl --
{{range .ContextFiles}}{{.Content}}{{end}}
`,
	},
	{
		ID: compiler.RuleInputUndeclared, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "Every field a template reads is a declared input or a field of its records.",
		Doc:     `A template part's data are the inputs promptc.cue declares. Each field it reads (.IsGitRepo; inside range over a list, the items' fields such as .Path; a record's fields to any depth, .Config.Options.InitializeAs; $.Cwd from anywhere) must be declared, with its type, so that budgets can bound it and the generated Inputs struct has it. A chain is reported at its first undeclared field (.Cfg of .Cfg.LSP, .Nope of .Config.Nope), with the CUE that declares it and the rest of the chain (inputs: Cfg: {type: "record", fields: LSP: {type: "string", maxChars: 200}}), to adjust to the field's real type and limits.`,
		Bad: `-- prompts/coder.tmpl --
On branch {{.GitBranch}}.
`,
		Good: `-- promptc.cue --
inputs: GitBranch: {type: "string", maxChars: 100}
`,
	},
	{
		ID: compiler.RuleInputType, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A template uses each input as its type allows.",
		Doc:     `Every action is checked against the declared input types, so that no template fails at run time on inputs Validate accepts. A list is ranged over, not printed; a string has no fields; range takes a list; len takes a list or a string. eq and ne compare strings, numbers or bools, lt, le, gt and ge strings or numbers, each with operands of one type: {{if lt 1 "a"}}, {{if lt .Cwd 1}} with Cwd a string, eq on lists and lt on bools fail at every call in text/template (incompatible types for comparison), and are refused. A value that may be of two types (or of a bool and a string) can be printed or tested, not compared. printf's verbs match their operands (%s a string, %d a number, %t a bool, %v any), one per operand, so that fmt never adds %!d(...) text; number constants are integers (1e3 is a float). eq of an enum and a constant that is not one of its values never holds. Each misuse is reported at its place.`,
		Bad: `-- prompts/coder.tmpl --
Files: {{.ContextFiles}}
`,
		Good: `-- prompts/coder.tmpl --
Files:{{range .ContextFiles}} {{.Path}}{{end}}
`,
	},
	{
		ID: compiler.RuleInputUnused, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "A declared input should be read by some part a mode sends.",
		Doc:     `An input that no template part reads and no when condition tests, among the parts the modes send, is dead configuration or a sign that the template spells it differently. Remove it or use it.`,
		Bad: `-- promptc.cue --
inputs: IsGitRepo: type: "bool"
`,
		Good: `-- prompts/coder.tmpl --
Git: {{if .IsGitRepo}}yes{{else}}no{{end}}
`,
	},
	{
		ID: compiler.RuleTemplateTooLarge, Category: Budget, Severity: diag.Error, Compiler: "compiler",
		Summary: "A template's rendering has a bound promptc can prove, under 64 MiB and 4,194,304 actions.",
		Doc:     `promptc computes the longest text a template can render, in one pass over its parse tree (time linear in the template): each input at its maxChars or maxItems, each condition at its larger branch, each variable at the longest value it is given, printf at the sum of its format and operands. Budgets and costs take that figure; the generated package's bound is the same walk with each input at its declared limit (limitChars, limitItems; 64 MiB alone without one), and the generated package stops a rendering that would pass it with an error. Where no bound below 64 MiB holds, the template is refused at the action that passes it: inputs declared far larger than any prompt, or a variable built from itself ({{$a = printf "%s%s" $a $a}} doubles it at every step). Inside a {{range}}, a variable declared outside the loop may only be given values like the one it holds before it (no longer, of the same type): a value built from itself would grow again at every item. A separator is printed with the index instead: {{range $i, $f := .Files}}{{if $i}}, {{end}}{{$f.Path}}{{end}}. Nested ranges that would execute more than 4,194,304 actions with their lists at maxItems are refused at the action that passes that count.`,
		Bad: `-- promptc.cue --
inputs: Notes: {type: "string", maxChars: 100000000}
`,
		Good: `-- promptc.cue --
inputs: Notes: {type: "string", maxChars: 20000}
`,
	},
	{
		ID: compiler.RuleTemplateSyntax, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "Text that looks like another template syntax is sent as written.",
		Doc:     `promptc's placeholders are {{name}}, declared in promptc.cue. Prompts taken from other harnesses often carry their template syntax: {name} (Python format strings), ${name} (shell and JavaScript), {{ .Name }} (Go templates), {{ name }} (Mustache with spaces), <% name %>. promptc does not expand those, so the model would receive the braces. Declare a placeholder and write {{name}}, or rephrase the text. Code and marked examples are not scanned.`,
		Bad: `-- prompts/base.md --
Before finishing, apply {final_reminders}.
`,
		Good: `-- prompts/base.md --
Before finishing, apply {{finalReminders}}.
`,
	},
	{
		ID: compiler.RuleExampleParts, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "An example's listed conditional parts must be exactly those its model id gets.",
		Doc:     `A conditional part (a part with models patterns) is sent only to the model ids one of its patterns matches. An example can list the conditional parts its id must get ({family: "codex", parts: ["applyPatch"]}, or parts: [] for none); the check fails when the id gets others, or when a listed name is not a conditional part. A loosened pattern then cannot start sending text to models that must not get it.`,
		Bad: `-- promptc.cue --
parts: applyPatch: {file: "prompts/apply-patch.md", models: ["gpt-4"]}
families: examples: "gpt-4o": {family: "codex", parts: []}
`,
		Good: `-- promptc.cue --
parts: applyPatch: {file: "prompts/apply-patch.md", models: ["^gpt-4\\.1"]}
families: examples: "gpt-4o": {family: "codex", parts: []}
`,
	},
	{
		ID: compiler.RuleConditionUnused, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "Every conditional part should be sent to at least one example model id.",
		Doc:     `A conditional part whose models patterns match no id of families.examples may match no real id either (a typo, an anchor too many). Add an example id it is meant for; list its conditional parts in the example to pin the choice.`,
		Bad: `-- promptc.cue --
parts: applyPatch: {file: "prompts/apply-patch.md", models: ["^gtp-4\\.1"]}
families: examples: "gpt-4.1": "codex"
`,
		Good: `-- promptc.cue --
parts: applyPatch: {file: "prompts/apply-patch.md", models: ["^gpt-4\\.1"]}
families: examples: "gpt-4.1": {family: "codex", parts: ["applyPatch"]}
`,
	},
	{
		ID: family.RuleUnknownFamily, Category: Minimal, Severity: diag.Error, Compiler: "compiler/family",
		Summary: "Rules and examples may only name families that exist.",
		Doc:     `A family exists when it has a family file or is the fallback. A rule that names another family would send models to a family with no text; an example that expects one cannot pass.`,
		Bad: `-- promptc.cue --
families: rules: [{family: "gemeni", name: ["^gemini"]}]
`,
		Good: `-- promptc.cue --
families: rules: [{family: "gemini", name: ["^gemini"]}]
-- prompts/families/gemini.prompt.md --
`,
	},
	{
		ID: family.RuleUnexercised, Category: Standard, Severity: diag.Warning, Compiler: "compiler/family",
		Summary: "Every resolution pattern should decide at least one example.",
		Doc:     `A name or provider pattern that decides no example is untested: nothing shows that it matches the ids it was written for, or that an earlier rule does not take them first. Add a model id to families.examples that this pattern decides.`,
		Bad: `-- promptc.cue --
families: rules: [{family: "grok", name: ["^grok"], provider: ["^xai$"]}]
families: examples: "grok-4": "grok"
`,
		Good: `-- promptc.cue --
families: rules: [{family: "grok", name: ["^grok"], provider: ["^xai$"]}]
families: examples: {
	"grok-4":     "grok"
	"xai/aurora": "grok"
}
`,
	},
	{
		ID: family.RuleOverlap, Category: Standard, Severity: diag.Info, Compiler: "compiler/family",
		Summary: "An example matched by rules of two families is decided by the first.",
		Doc:     `When an example id is matched by patterns of more than one family, the first rule wins. That is often intended (gpt-oss before gpt-), so this is information that shows the order matters; reorder the rules if the winner is wrong.`,
		Bad: `-- promptc.cue --
families: rules: [
	{family: "local", name: ["^gpt-oss"]},
	{family: "codex", name: ["^gpt-"]},
]
families: examples: "gpt-oss-20b": "local"
`,
		Good: `-- promptc.cue --
// The same rules: the overlap is intended and the order is right.
`,
	},
	{
		ID: family.RuleNoteShadowed, Category: Standard, Severity: diag.Warning, Compiler: "compiler/family",
		Summary: "A model note that an earlier note always takes first can never be sent.",
		Doc:     `Notes are tried in file order and the first match wins. When every example that matches a note also matches an earlier one, the later note is dead text. Reorder the notes (specific before general) or narrow the earlier pattern.`,
		Bad: `-- prompts/families/codex.prompt.md --
<!-- model "GPT" /gpt-/i -->
<!-- model "Mini" /gpt-.*mini/i -->
`,
		Good: `-- prompts/families/codex.prompt.md --
<!-- model "Mini" /gpt-.*mini/i -->
<!-- model "GPT" /gpt-/i -->
`,
	},
	{
		ID: family.RuleNoteUnexercised, Category: Standard, Severity: diag.Warning, Compiler: "compiler/family",
		Summary: "Every model note should be selected by at least one example.",
		Doc:     `A model note whose pattern matches none of the example ids that resolve to its family is untested: nothing shows that it is sent to the models it was written for, and a pattern that matches nothing real is dead prompt text that still has to be maintained. Add a model id to families.examples that selects it, naming the note ({family: "claude", note: "Opus"}) so that a later change of patterns that takes it away is reported too, or delete the note. A project without examples gets RULE_UNEXERCISED instead.`,
		Bad: `-- promptc.cue --
families: examples: "claude-sonnet-4": "claude"
-- prompts/families/claude.prompt.md --
<!-- model "Opus" /opus/i -->
<!-- model "Sonnet" /sonnet/i -->
`,
		Good: `-- promptc.cue --
families: examples: {
	"claude-sonnet-4": "claude"
	"claude-opus-4-1": {family: "claude", note: "Opus"}
}
`,
	},
	{
		ID: family.RuleFamilyUnselected, Category: Standard, Severity: diag.Warning, Compiler: "compiler/family",
		Summary: "Every family file should be selectable from a model id.",
		Doc:     `A family file that no rule in families.rules names, and that is not families.fallback, is never chosen from a model id: only an explicit family choice sends it. Usually a rule was forgotten or names the family under another spelling. Add a rule for it (with an example in families.examples), or delete the file if nothing chooses it explicitly; if an explicit choice is how it is meant to be used, suppress the finding with a reason. A project without rules chooses every family explicitly, and gets no such finding.`,
		Bad: `-- promptc.cue --
families: rules: [{family: "claude", name: ["^claude"]}]
-- prompts/families/claude.prompt.md --
Work in small steps.
-- prompts/families/grok.prompt.md --
Be direct.
`,
		Good: `-- promptc.cue --
families: rules: [
	{family: "claude", name: ["^claude"]},
	{family: "grok", name: ["^grok"]},
]
families: examples: "grok-4": "grok"
`,
	},

	// Modes and budgets.
	{
		ID: compiler.RuleLattice, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "Each mode in order must send everything the mode before it sends.",
		Doc:     `Modes are ordered (order: ["minimal", "focus", "guide", "full"]) and each one is the previous plus more text, so that switching up never loses guidance. A part or slot that a lower mode sends and a higher one does not is an error, unless a declared substitution replaces it.`,
		Bad: `-- promptc.cue --
modes: focus: compose: [parts.base, parts.core]
modes: full: compose: [parts.base, parts.guide]
order: ["focus", "full"]
`,
		Good: `-- promptc.cue --
modes: focus: compose: [parts.base, parts.core]
modes: full: compose: [parts.base, parts.core, parts.guide]
order: ["focus", "full"]
`,
	},
	{
		ID: compiler.RuleSubstitutionBoth, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A mode must not send both sides of a substitution.",
		Doc:     `A substitution {replace: parts.core, with: parts.basics} says that basics contains core. A mode sending both would send the core twice.`,
		Bad: `-- promptc.cue --
substitutions: [{replace: parts.core, with: parts.basics}]
modes: guide: compose: [parts.base, parts.core, parts.basics]
`,
		Good: `-- promptc.cue --
substitutions: [{replace: parts.core, with: parts.basics}]
modes: guide: compose: [parts.base, parts.basics]
`,
	},
	{
		ID: compiler.RuleBudgetOver, Category: Budget, Severity: diag.Error, Compiler: "compiler",
		Summary: "A part, a sum of parts or a mode is over its budget.",
		Doc:     `Budgets are ceilings in characters (code points) or tokens on a part, on a sum of parts, or on a mode's whole static text. Each budget is checked for every family and model note it covers, and a failure names the combination, the size, the ceiling, how far over it is and the largest contributing part. Static text is sent on every call, so every character over is paid for again and again.`,
		Bad: `-- promptc.cue --
parts: boundary: {file: "prompts/boundary.md", budget: chars: 700}
-- prompts/boundary.md --
(812 characters)
`,
		Good: `-- prompts/boundary.md --
(the same rules in 690 characters)
`,
	},
	{
		ID: compiler.RuleBudgetNear, Category: Budget, Severity: diag.Warning, Compiler: "compiler",
		Summary: "A part, a sum of parts or a mode is close to its budget.",
		Doc:     `Reported when a size reaches warnAt (0.95 unless configured) of its ceiling: the next edit will probably break the budget. Set warnAt: 1 on a budget to turn the warning off for it.`,
		Bad: `-- promptc.cue --
parts: docsPointer: {file: "prompts/docs-pointer.md", budget: chars: 200}
-- prompts/docs-pointer.md --
(196 characters)
`,
		Good: `-- promptc.cue --
parts: docsPointer: {file: "prompts/docs-pointer.md", budget: {chars: 200, warnAt: 1}}
`,
	},
	{
		ID: compiler.RuleStaticDynamic, Category: Budget, Severity: diag.Error, Compiler: "compiler",
		Summary: "Static text must not contain text that changes between calls.",
		Doc:     `Providers cache the prompt prefix that is the same on every call. A date, a time of day, an absolute path (/home/dev/app, or a short one such as /project), a model id (claude-sonnet-4-5) or a counter (turn 2 of 10, call 3 of the session) in a static part either breaks that cache when it changes or is simply wrong. Move such text to a slot, or a run-time placeholder, that the harness fills at call time (other template syntaxes are TEMPLATE_SYNTAX's, undeclared {{name}} placeholders PLACEHOLDER_UNDECLARED's). Every part is scanned, family lines, bodies and notes, and the operator guide as rendered from its template and cards. A template part is scanned in its literal text, at the template file's line and column, and in its rendering with typical inputs (each string input as x's, so that an input's value, the harness's per call, is never taken for the template's text), where what its constants and printf assemble is reported at the template's first line; SECRET and the invisible-character rules check that rendering too. Code blocks, inline code spans and marked examples (<example> ... </example>, <examples> ... </examples>) are not, since they show what something looks like. Text sent by several parts or families is reported once, naming where it is sent. The finding is an error; lint: staticDynamic: "warning" makes it a warning. Text that only shows what such a value looks like (a sample path or date in prose) goes in backticks, or under <!-- promptc:ignore STATIC_DYNAMIC reason --> (its paragraph) or <!-- promptc:file-ignore STATIC_DYNAMIC reason --> (its file): build honours these directives exactly as lint does, so the two never disagree.`,
		Bad: `-- prompts/base.md --
Today is 2025-06-01. The project is in /home/dev/app.
`,
		Good: `-- prompts/base.md --
The current date and the project directory are given below.
`,
	},

	// Pointer parts.
	{
		ID: compiler.RulePointerSource, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A pointer part's source must exist inside the project and fit in pointerSourceMaxChars.",
		Doc: `A pointer part sends a short trigger and the path of a canonical source ("Editing settings: read docs/settings.md before answering.") instead of standing text. If the source is missing, unsafe or outside the project, the model is pointed at nothing. The finding is at pointer.source.

A read puts the whole source in context for the rest of the session, so a source longer than pointerSourceMaxChars (16,000 characters unless promptc.cue sets it) is reported too: point at a smaller section, or raise the limit knowing what each read costs.`,
		Bad: `-- promptc.cue --
parts: settings: pointer: {trigger: "Editing settings", source: "docs/setings.md"}
`,
		Good: `-- promptc.cue --
parts: settings: pointer: {trigger: "Editing settings", source: "docs/settings.md"}
`,
	},
	{
		ID: compiler.RulePointerCoverage, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A pointer declares what its source covers, and the source still contains every phrase.",
		Doc: `pointer.covers lists phrases that the source must contain for the pointer to be a safe replacement of the standing text it took over. When an edit to the source drops one, the knowledge is gone from every prompt; restore the phrase or send the text as standing context again.

Phrases match whole words: letter case does not matter, and every run of white space counts as one space, so a phrase hard-wrapped across two lines of the source still matches; but "e" is not found in "the", nor "note" in "notes". A pointer with no covers (or an empty phrase) is reported too: nothing would check that its source still holds what it replaced.

Where a profile replaces parts with the pointer, each covers phrase must occur in one of the parts it replaces, and each part it replaces must hold at least one phrase: a pointer for several entries whose phrases all come from one of them would leave the others' knowledge unchecked, so the entry without a phrase is reported at its replace entry.`,
		Bad: `-- promptc.cue --
parts: settings: pointer: {
	trigger: "Editing settings"
	source:  "docs/settings.md"
	covers: ["project layer wins"]
}
-- docs/settings.md --
Settings are read from the user layer, then the project layer.
`,
		Good: `-- docs/settings.md --
Settings are read from the user layer, then the project layer; the project layer wins.
`,
	},
	{
		ID: compiler.RulePointerGoverning, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "Governing text (identity, authority, safety) cannot be replaced by a pointer.",
		Doc:     `A pointer is only followed when the model decides the trigger applies. Identity, authority and safety rules must hold on every call whether or not the model looks anything up, so a part marked governing: true must stay standing text.`,
		Bad: `-- promptc.cue --
parts: boundary: {
	governing: true
	pointer: {trigger: "Deleting files", source: "docs/safety.md"}
}
`,
		Good: `-- promptc.cue --
parts: boundary: {
	governing: true
	file:      "prompts/boundary.md"
}
`,
	},

	{
		ID: compiler.RuleGoverningDropped, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A profile may not omit or replace governing text or the tool catalogue; a substitution may replace governing text only with governing text.",
		Doc: `A part marked governing: true carries identity, authority, safety, untrusted-input handling or mode control: the rules that must hold on every call. promptc.cue says which parts these are; promptc does not guess from the text. Every profile must send such a part, unchanged, wherever the mode sends it, so a profile's omit or replace that names one is an error at that entry, whatever the replacement is (a pointer included). The generated tool catalogue is held to the same rule: a compact profile may describe fewer tools in full, but it cannot drop the catalogue.

A lattice substitution (substitutions: [{replace, with}]) lets higher modes send one part instead of another; when the replaced part is governing, the replacement must be governing too, so that no mode up the lattice loses the rules. A governing part whose text differs between profiles (a governing tool catalogue with different fullTools) is reported at the profile's fullTools.

Savings belong in detail that a pointer can carry, never in the rules themselves.`,
		Bad: `-- promptc.cue --
parts: safety: {file: "prompts/safety.md", governing: true}
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: omit: [parts.safety]
	}
}
`,
		Good: `-- promptc.cue --
parts: workflow: file: "prompts/workflow.md"
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: omit: [parts.workflow]
	}
}
`,
	},

	{
		ID: compiler.RuleSlotRequired, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "A slot declared required is sent by every mode in every profile.",
		Doc: `Some run-time text must reach the model whatever the mode: the user's own instructions (AGENTS.md and friends) above all. slots.NAME.required: true says so, and promptc then checks every mode, in every profile, for it: a mode whose compose list leaves the slot out is reported at that list, and a profile that omits it at its omit entry. The custom mode sends the slots every mode sends, so it carries a required slot too.

Add the slot to the mode's compose list, or remove it from the profile's omit.`,
		Bad: `-- promptc.cue --
slots: instructions: required: true
modes: {
	focus: compose: [parts.base, slots.instructions]
	minimal: compose: [parts.base]
}
`,
		Good: `-- promptc.cue --
slots: instructions: required: true
modes: {
	focus: compose: [parts.base, slots.instructions]
	minimal: compose: [parts.base, slots.instructions]
}
`,
	},

	{
		ID: compiler.RuleProfileDrops, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "A profile that omits a part, or replaces it with smaller text that is not a pointer, either moves its text behind a pointer or says the loss is intended.",
		Doc:     `A compact profile saves standing tokens. Moving detail behind a pointer part (replace: [{replace: parts.x, with: parts.xPointer}]) keeps the knowledge one read away; omitting the part deletes it, and a deletion always looks like the bigger saving. So every part a profile omits is reported, with its size, and so is every part it replaces with a smaller part that is not a pointer (with the difference in size), unless the profile lists the part under dropped: the place to say that the text is not needed in that profile. Only a replace entry moves text behind a pointer; a pointer sent elsewhere does not, and the pointer's covers phrases must occur in the text it replaces (POINTER_COVERAGE). costs --compare names the same dropped text. Governing parts can never be omitted (GOVERNING_DROPPED).`,
		Bad: `-- promptc.cue --
parts: workflow: file: "prompts/workflow.md"
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: omit: [parts.workflow]
	}
}
`,
		Good: `-- promptc.cue --
parts: workflow: file: "prompts/workflow.md"
profiles: {
	default: "classic"
	values: {
		classic: {}
		compact: {omit: [parts.workflow], dropped: [parts.workflow]}
	}
}
`,
	},

	{
		ID: compiler.RuleToolDescription, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "Every catalogue tool needs a description.",
		Doc:     `A tool's description file is what the model reads to call the tool: what it does and its arguments. An empty file would list the tool by name with nothing behind it, in the standing catalogue and in every discovery answer. The finding is at the tool's file in promptc.cue. Under a permission set, a permitted tool's description must not name a tool the set forbids: the listing leaves that tool out, but the description is sent as written, so the session would learn of a tool it may not use; that finding is at the mention.`,
		Bad: `-- promptc.cue --
tools: catalogue: git_log: {group: "git", access: "read", file: "tools/git_log.md"}
-- tools/git_log.md --
`,
		Good: `-- tools/git_log.md --
git_log: shows the commit history. Arguments: n (int), how many commits.
`,
	},

	{
		ID: compiler.RuleCapabilityLine, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "The capability line names catalogue tools and fits its maxChars.",
		Doc:     `tools.capability declares the line a generated package builds at run time from a session's tools (CapabilityLine): the tools it names, in its order, that the session has. An entry that names no catalogue tool (a misspelling, a removed tool) would never appear, silently; it is reported at the entry. With maxChars, the longest line each profile and permission set can send, every tool it names present, must fit: the finding names the program and quotes the line.`,
		Bad: `-- promptc.cue --
tools: capability: tools: ["image_gen", "browser"]
`,
		Good: `-- promptc.cue --
tools: capability: tools: ["image_gen", "computer_*", "websearch"]
`,
	},

	// Custom mode.
	{
		ID: compiler.RuleCustomFallback, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "custom.fallback must be a part with text of its own.",
		Doc:     `When the user's custom-mode file is missing, empty or unsafe, the generated loader sends custom.fallback (the small boundary) and says why; it never falls back to a larger mode. A fallback that is a slot, a family part or a part without text would send nothing.`,
		Bad: `-- promptc.cue --
custom: {file: ".tern/prompts/custom.md", fallback: slots.instructions}
`,
		Good: `-- promptc.cue --
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary}
`,
	},
	{
		ID: compiler.RuleCustomCarry, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "custom.carry lists parts every mode sends, each once.",
		Doc:     `custom.carry names the parts the custom mode sends after the user's text, such as an output style's tone block, in the place every mode of order sends them. A slot is refused (the custom mode sends the slots every mode sends by itself), as is a family part (the custom mode sends no family text), a part listed twice, and a part some mode of order does not send: the custom mode carries only what follows the user into every mode, so its place is the same in all of them.`,
		Bad: `-- promptc.cue --
parts: style: {file: "prompts/terse.md", when: {input: "Style", is: ["terse"]}}
modes: {
	short: compose: [parts.base, parts.style]
	long: compose: [parts.base, parts.guide]
}
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary, carry: [parts.style]}
`,
		Good: `-- promptc.cue --
modes: {
	short: compose: [parts.base, parts.style]
	long: compose: [parts.base, parts.guide, parts.style]
}
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary, carry: [parts.style]}
`,
	},
	{
		ID: compiler.RuleCustomNoCarry, Category: Minimal, Severity: diag.Warning, Compiler: "compiler",
		Summary: "The project says whether the custom mode sends the parts a run-time input chooses in every mode.",
		Doc:     `A part that every mode sends under a run-time input (when: input), such as an output style the user picks, follows the user through every mode. The custom mode sends the user's text and the slots every mode sends, nothing more, unless custom.carry lists it. Without custom.carry the user's choice would silently stop at the custom mode, so the warning names those parts: list them under custom.carry to send them there too, or write custom.carry: [] to keep the custom mode to the user's own text.`,
		Bad: `-- promptc.cue --
parts: style: {file: "prompts/terse.md", when: {input: "Style", is: ["terse"]}}
modes: short: compose: [parts.base, parts.style]
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary}
`,
		Good: `-- promptc.cue --
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary, carry: [parts.style]}
`,
	},
	{
		ID: compiler.RuleCustomNameTaken, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "No mode or alias may be called custom when promptc.cue declares custom.",
		Doc:     `The generated package names the custom mode "custom": ParseMode("custom") returns ModeCustom. A mode or alias of the same name would make that name mean two modes, so it is refused; rename the mode or the alias.`,
		Bad: `-- promptc.cue --
modes: custom: compose: [parts.base]
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary}
`,
		Good: `-- promptc.cue --
modes: reviewer: compose: [parts.base]
custom: {file: ".tern/prompts/custom.md", fallback: parts.boundary}
`,
	},
	{
		ID: compiler.RuleCustomTooLarge, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "The custom-mode example must fit in custom.maxBytes.",
		Doc:     `custom.example is an example custom file kept in the project and checked under the rules the generated loader applies at run time. One larger than custom.maxBytes would be refused by the loader, which sends the fallback instead, so the example would teach users a file that does not work.`,
		Bad: `-- promptc.cue --
custom: {file: ".tern/prompts/custom.md", maxBytes: 1024, fallback: parts.boundary, example: "examples/custom.md"}
-- examples/custom.md --
(3 KiB of instructions)
`,
		Good: `-- examples/custom.md --
(900 bytes of instructions)
`,
	},
	{
		ID: compiler.RuleCustomEmpty, Category: Minimal, Severity: diag.Error, Compiler: "compiler",
		Summary: "The custom-mode example must contain instructions.",
		Doc:     `A custom file with nothing but frontmatter (or nothing at all) is treated by the loader as empty, and the fallback is sent. The example must show real instructions below its frontmatter.`,
		Bad: `-- examples/custom.md --
---
name: Reviewer
---
`,
		Good: `-- examples/custom.md --
---
name: Reviewer
---
Review the diff the user names; do not edit files.
`,
	},
	{
		ID: compiler.RuleCustomNoName, Category: Standard, Severity: diag.Warning, Compiler: "compiler",
		Summary: "The custom-mode example should name itself.",
		Doc:     `The mode picker shows a custom mode by the name its file gives: frontmatter name:, or else the first Markdown heading. An example without either teaches users to write unnamed files. Frontmatter that does not decode is reported under the same rule, as an error.`,
		Bad: `-- examples/custom.md --
Review the diff the user names; do not edit files.
`,
		Good: `-- examples/custom.md --
# Reviewer

Review the diff the user names; do not edit files.
`,
	},

	// Operator guide.
	{
		ID: guide.RulePlaceholder, Category: Minimal, Severity: diag.Error, Compiler: "compiler/guide",
		Summary: "The operator guide template may only use the {{topics}} placeholder.",
		Doc:     `The guide template is plain Markdown with one placeholder, {{topics}}, which becomes one line per topic card. Any other {{name}} would be sent to the model as is.`,
		Bad: `-- prompts/operator-guide.template.md --
Topics: {{cards}}
`,
		Good: `-- prompts/operator-guide.template.md --
Topics: {{topics}}
`,
	},
	{
		ID: guide.RuleCard, Category: Minimal, Severity: diag.Error, Compiler: "compiler/guide",
		Summary: "Topic cards need frontmatter with a title and a one-line summary.",
		Doc:     `Every file matched by guide.cards is a topic card: Markdown with a YAML header holding title, summary (one line) and an optional order. A card without them cannot be listed in the guide. A guide.cards glob that matches no file is reported too when the template lists {{topics}}: the guide would list none, and a mistyped glob is the usual cause.`,
		Bad: `-- cards/settings.md --
# Settings
Layers of settings files.
`,
		Good: `-- cards/settings.md --
---
title: Settings
summary: where settings live and which layer wins
order: 2
---
`,
	},
	{
		ID: guide.RuleReference, Category: Minimal, Severity: diag.Error, Compiler: "compiler/guide",
		Summary: "Everything the operator guide names must exist in the docs.",
		Doc:     `guide.references declares the kinds of reference the template makes (slash commands, settings keys, doc paths) as patterns, and where each must be found: a docs file with that path, or some docs file containing the text. A guide that tells a model about a command or page that does not exist sends it looking for nothing.`,
		Bad: `-- prompts/operator-guide.template.md --
Use /prompt-mdoe to switch modes; see docs/modes.md.
`,
		Good: `-- prompts/operator-guide.template.md --
Use /prompt-mode to switch modes; see docs/prompt-modes.md.
`,
	},
	{
		ID: guide.RuleFrontmatter, Category: Minimal, Severity: diag.Error, Compiler: "compiler/guide",
		Summary: "Frontmatter must satisfy the JSON Schema configured for its files.",
		Doc:     `The frontmatter section of promptc.cue maps asset globs to JSON Schemas; the YAML header of every matching file is validated against its schema, and each violation is reported at the offending key (a missing key at the header's first line). A schema that is missing or does not compile, or a glob that matches no file, is reported at its entry in promptc.cue.`,
		Bad: `-- promptc.cue --
frontmatter: "cards/*.md": "schemas/card.json"
-- cards/models.md --
---
title: Models
order: first
---
`,
		Good: `-- cards/models.md --
---
title: Models
order: 1
---
`,
	},

	// Project structure.
	{
		ID: RuleOrphan, Category: Standard, Severity: diag.Warning, check: orphanCheck{},
		Summary: "Every Markdown file in the project should be reached by something.",
		Doc:     `A Markdown file that no part, family, include, guide template, card or doc, or custom-mode example reaches is never sent and never checked: usually an old draft or a file whose include line was deleted. Which files are checked: those lint.orphans matches (every Markdown file by default; promptc init limits it to the prompts folder). Hidden folders, the output directory, node_modules and vendor folders are not searched, and neither is what .gitignore or .promptcignore files list (git's rules, a nested file applying below its folder). When the project sits inside a git repository, the repository's .gitignore files from its root down to the project, and .git/info/exclude (for a linked worktree or a submodule, that of the git directory its .git file names), count too: these are the only files promptc reads outside the project root, read-only, regular files only, never through a symbolic link; the global core.excludesFile is not read, so findings depend on the repository alone. A file reached through a symbolic link inside the project (a pointer source or an include that is a link to it) is reached; a file named only by an @ line of a part with includes: false, which sends the line as text, is not. Include the file where it belongs, delete it if it is a stale draft, or, if it belongs to the project for another reason (a README, notes), narrow lint.orphans to the asset folders or list it in .promptcignore.`,
		Bad: `-- prompts/base.md --
You are Tern.
-- prompts/old-safety.md --
Never touch files outside the project.
`,
		Good: `-- prompts/base.md --
You are Tern.

@old-safety.md
`,
	},
	{
		ID: RuleDuplicate, Category: Standard, Severity: diag.Info, check: duplicateCheck{},
		Summary: "A paragraph copied into several family files may drift apart.",
		Doc:     `A paragraph of 80 characters or more, or a list item of 16 or more, that appears in two or more family files (compared with runs of white space collapsed) may drift: the next edit fixes one copy and not the others. Only one family is sent to a model, so the copies cost nothing per call, and prompts forked per model family repeat paragraphs on purpose: this is information. A paragraph is a run of non-blank lines outside HTML comments, except that each list item (a line starting with "-", "*", "+" or a number and "." or ")", with the lines that continue it) is a paragraph of its own, compared without its marker: a list holds one instruction per item, so the same item in two lists is the same instruction twice, while an item as short as "Yes." is not compared. Each paragraph is reported once, at its first place, listing every place. When the copies are meant to stay equal, move the paragraph to a shared file and @include it from each family file; the text sent stays the same.`,
		Bad: `-- prompts/families/claude.prompt.md --
Run the project's tests after every change and report the result, including failures you did not cause.
-- prompts/families/gemini.prompt.md --
Run the project's tests after every change and report the result, including failures you did not cause.
`,
		Good: `-- prompts/families/claude.prompt.md --
@../shared/testing.md
-- prompts/families/gemini.prompt.md --
@../shared/testing.md
-- prompts/shared/testing.md --
Run the project's tests after every change and report the result, including failures you did not cause.
`,
	},
	{
		ID: RuleParagraphRepeated, Category: Standard, Severity: diag.Warning, check: repeatCheck{},
		Summary: "A prompt should say each paragraph once.",
		Doc: `A paragraph of 80 characters or more, or a list item of 16 or more (compared with runs of white space collapsed, as DUPLICATE_PARAGRAPH compares), that one composed prompt sends twice: the base prompt says it and the family body, a model note or another part the same mode sends says it again, or two parts both @include the file that holds it. The model reads it twice, which adds no weight to the rule, and every call pays for the copy.

Every mode is composed for every family and model note it can send, as the compiler composes it, and the paragraphs of its sections (each part, the family line, body and note) are compared. Each later copy is reported once, at its place, with the copy sent first as related information, naming the modes, families and notes whose prompts hold both. When two parts include one file, the finding is at the later part's @include line, one for every paragraph the file sends. Two parts whose when conditions never hold together (two values of one input) are never in one prompt, nor are two model notes of a family or two modes, so they are not compared. A part sent only to some models counts with the families of the families.examples ids it is sent to (with every family when no example reaches it). A file that one part reaches twice is included once (INCLUDE_DIAMOND), and a paragraph a part itself holds twice is not this rule's business.

Keep the paragraph in the part that every prompt needing it sends and remove the other copy. When a repeat is deliberate, say why with <!-- promptc:ignore PARAGRAPH_REPEATED reason --> above the later copy.`,
		Bad: `-- promptc.cue --
parts: base: file: "prompts/base.md"
parts: familyBody: family: "body"
modes: guide: compose: [parts.base, parts.familyBody]
-- prompts/base.md --
Run the project's tests after every change and report the result, including failures you did not cause.
-- prompts/families/claude.prompt.md --
(header and short line)

Run the project's tests after every change and report the result, including failures you did not cause.
`,
		Good: `-- prompts/base.md --
Run the project's tests after every change and report the result, including failures you did not cause.
-- prompts/families/claude.prompt.md --
(header and short line)

Batch independent tool calls in one response.
`,
	},
	{
		ID: RulePartUnused, Category: Standard, Severity: diag.Warning, check: partUnusedCheck{},
		Summary: "Every part should be sent by some mode or counted by some budget.",
		Doc:     `A part that no mode composes, no sum budget counts and no custom-mode fallback names is compiled and checked but never sent. Remove it, or add it to the mode that should send it.`,
		Bad: `-- promptc.cue --
parts: base: file: "prompts/base.md"
parts: legacy: file: "prompts/legacy.md"
modes: focus: compose: [parts.base]
`,
		Good: `-- promptc.cue --
parts: base: file: "prompts/base.md"
modes: focus: compose: [parts.base]
`,
	},
	{
		ID: RulePartEmpty, Category: Standard, Severity: diag.Warning, check: partEmptyCheck{},
		Summary: "A part read from a file should have text.",
		Doc:     `A part whose file (or block of a file) is empty, or holds only white space, sends nothing: every mode that composes it is one section short, silently, which is what a truncated file, a file saved before it was written or a block whose text was moved away looks like. The finding is at the file (at the block's marker line for a block), so that is where to write the text; remove the part from promptc.cue when it is meant to go. promptc directives are stripped before sending, so a file that holds only those and white space is empty too; an HTML comment is sent as written, so it is text. A part that does have text, however short, and parts that get their text elsewhere (a family's line, body or note, a template, a pointer, the generated guide) are not checked. A missing file or block is INCLUDE_NOT_FOUND or BLOCK_MISSING instead.`,
		Bad: `-- promptc.cue --
parts: base: file: "prompts/base.md"
modes: focus: compose: [parts.base]
-- prompts/base.md --
(empty)
`,
		Good: `-- promptc.cue --
parts: base: file: "prompts/base.md"
modes: focus: compose: [parts.base]
-- prompts/base.md --
You are Tern, a coding agent.
`,
	},
	{
		ID: RuleOutputStale, Category: Minimal, Severity: diag.Error, check: outputCheck{},
		Summary: "The committed output directory must match the assets.",
		Doc:     `The generated Go package carries a hash of its inputs. When the output directory exists but its hash differs from the assets' (or a file of its manifest is missing) lint renders the output in memory and compares: the harness would ship prompts that are not the ones in the assets. Run promptc build. The directory of every other target (output.targets: the TypeScript and Python packages) is compared the same way, always rendered in memory, and reported by a finding of its own at the field that names it. An output directory that does not exist at all, or that promptc never wrote (no manifest), is not reported: the project may build in CI instead of committing the output (promptc build --check reports that case). Nor is staleness checked while the compiler reports errors, since build would write nothing until they are fixed.`,
		Bad: `-- generated/prompts_gen.go --
const InputHash = "sha256:1f0c…"   (built before the last edit)
`,
		Good: `-- generated/prompts_gen.go --
const InputHash = "sha256:9a4e…"   (rebuilt with promptc build)
`,
	},
	{
		ID: source.RuleOutputUnsafe, Category: Security, Severity: diag.Error, Compiler: "compiler/source", check: outputCheck{},
		Summary: "The output directory holds only regular files build owns where it reads, writes or removes.",
		Doc:     `build owns the files it generates in the output directory, the manifest that lists them and its temporary files (.promptc-tmp-*). It reads and writes them through the same confinement as the assets and never follows a symbolic link there, even one that stays inside the project: a link committed in place of generated/COSTS.md would otherwise let build --check print the content of whatever it points to in a CI log, and let build write through it. So a symbolic link, a hard link (a file with a second name, which may be outside the project), a directory, a FIFO or a device where such a file belongs is reported, never opened, and build and build --check stop without writing. The same holds for an output directory reached through a link that leaves the project, and for a manifest line that is not a plain file name in the directory (such as .. or ../x): build never removes what it names. build also replaces or deletes only files it wrote as they are: a file the manifest does not list (a hand-written COSTS.md, a file where a renamed guide goes), or whose SHA-256 is not the one the manifest records (edited since), is reported at output.dir (guide.output for the guide) and kept; a file whose bytes already equal what build writes is adopted. The manifest is checked, never obeyed (one larger than 1 MiB, far more than build writes, is reported at its first line and not read), and so are the temporary files of an interrupted build: recovery deletes or renames over a file only when a manifest records the SHA-256 it holds now and build generates its name, and restores a kept copy only when a manifest records the copy's SHA-256; a leftover that would do otherwise is reported at its name, and nothing is recovered. Delete the entry (or the line), or move your file away, and run promptc build.`,
		Bad: `-- generated/COSTS.md --
-> ../../home/ci/.netrc   (a symbolic link)
`,
		Good: `-- generated/COSTS.md --
# Costs per call   (the file promptc build wrote)
`,
	},

	// Suppression.
	{
		ID: RuleIgnoreNoReason, Category: Suppression, Severity: diag.Error, check: directiveCheck{},
		Summary: "An ignore directive must say why.",
		Doc:     `<!-- promptc:ignore RULE_ID reason --> and <!-- promptc:file-ignore RULE_ID reason --> need a reason after the rule ID, so that a reviewer can judge the exception and a later editor knows when it can go. A directive without one suppresses nothing.`,
		Bad: `-- prompts/base.md --
<!-- promptc:ignore STATIC_DYNAMIC -->
Tern 2.0 was released on 2025-03-01.
`,
		Good: `-- prompts/base.md --
<!-- promptc:ignore STATIC_DYNAMIC a release date, fixed until the next release -->
Tern 2.0 was released on 2025-03-01.
`,
	},
	{
		ID: RuleIgnoreUnused, Category: Suppression, Severity: diag.Warning, check: directiveCheck{},
		Summary: "An ignore directive that suppresses nothing should be removed.",
		Doc:     `A directive whose rule reports nothing in its range (the next non-blank line and the rest of its block, or the whole file for file-ignore) is stale: the problem was fixed, or the directive sits in the wrong place. Remove it or move it to the line before the finding. Directives for rules that lint.use or lint.except turn off are not reported.`,
		Bad: `-- prompts/base.md --
<!-- promptc:ignore TEXT_TRAILING_SPACE kept for a hard break -->
A line with no trailing space.
`,
		Good: `-- prompts/base.md --
A line with no trailing space.
`,
	},
	{
		ID: RuleIgnoreUnknown, Category: Suppression, Severity: diag.Error, check: directiveCheck{},
		Summary: "An ignore directive must name a known rule ID.",
		Doc:     `A misspelled rule ID would suppress nothing while looking as if it did. The finding suggests the closest known ID; promptc lint --list-rules lists them all. Categories are accepted by lint.use and lint.except in promptc.cue, not by directives.`,
		Bad: `-- prompts/base.md --
<!-- promptc:ignore TRAILING_SPACE markdown hard break -->
`,
		Good: `-- prompts/base.md --
<!-- promptc:ignore TEXT_TRAILING_SPACE markdown hard break -->
`,
	},
	{
		ID: RuleIgnoreMalformed, Category: Suppression, Severity: diag.Error, check: directiveCheck{},
		Summary: "A promptc: directive must be ignore or file-ignore followed by a rule ID.",
		Doc:     `Every comment line starting with <!-- promptc: is removed from the text sent, whatever follows, so a misspelled directive is silently lost. Only promptc:ignore and promptc:file-ignore exist, each followed by one or more rule IDs (separated by commas) and a reason.`,
		Bad: `-- prompts/base.md --
<!-- promptc:ignore-file SECRET an example key from the vendor docs -->
`,
		Good: `-- prompts/base.md --
<!-- promptc:file-ignore SECRET an example key from the vendor docs -->
`,
	},
}
