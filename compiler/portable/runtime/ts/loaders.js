// The loaders of every TypeScript package promptc generates: the custom
// mode's file and the user's instruction files, read at run time from the
// harness's project directory exactly as the generated Go package's
// LoadCustom, LoadInstructions and LoadLayers read them (the same limits,
// the same include rules, the same problems and messages). It uses node:fs
// and node:path only. Types: loaders.d.ts.
//
// Its parts follow the Go code they port, one for one: the Markdown line
// scanner (compiler/markdown), the include engine (genruntime include.go),
// the instruction loader (instructions.go), the custom file's reading
// (custom.go, customtext.go) and the confined open (project.go).

import fs from "node:fs";
import path from "node:path";

// ---------------------------------------------------------------------
// Strings as Go sees them.

/** Number of code points of s, as Go's utf8.RuneCountInString counts them. */
function runeCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

// The white space of Go's unicode.IsSpace (strings.TrimSpace), which is
// not JavaScript's: U+0085 is in it, U+FEFF is not.
const space = "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const trimSpaceRe = new RegExp(`^[${space}]+|[${space}]+$`, "g");
const hasSpaceRe = new RegExp(`[${space}]`);

/** strings.TrimSpace. */
function trimSpace(s) {
  return s.replace(trimSpaceRe, "");
}

/** strings.TrimRight(s, chars) for a set of ASCII characters. */
function trimRight(s, chars) {
  let e = s.length;
  while (e > 0 && chars.includes(s[e - 1])) e--;
  return s.slice(0, e);
}

/** strings.TrimLeft(s, chars) for a set of ASCII characters. */
function trimLeft(s, chars) {
  let b = 0;
  while (b < s.length && chars.includes(s[b])) b++;
  return s.slice(b);
}

/** strings.Trim(s, chars) for a set of ASCII characters. */
function trim(s, chars) {
  return trimLeft(trimRight(s, chars), chars);
}

// ---------------------------------------------------------------------
// The Markdown line scanner: which lines are text, code or an HTML
// comment, following CommonMark 0.31.2 block structure. It works on bytes,
// as the Go scanner does.

const TEXT = 0;
const CODE = 1;
const COMMENT = 2;

const kDocument = 0;
const kQuote = 1;
const kItem = 2;
const kParagraph = 3;
const kFence = 4;
const kIndented = 5;
const kHTML = 6;

const contMatched = 0;
const contFailed = 1;
const contFenceClosed = 2;

const startNone = 0;
const startContainer = 1;
const startLeaf = 2;

const SP = 0x20;
const TAB = 0x09;
const NL = 0x0a;

const isSpaceOrTab = (c) => c === SP || c === TAB;

function allSpaceOrTab(b, from = 0, to = b.length) {
  for (let i = from; i < to; i++) if (b[i] !== SP && b[i] !== TAB) return false;
  return true;
}

function maybeSpecial(c) {
  switch (String.fromCharCode(c)) {
    case "#":
    case "`":
    case "~":
    case "*":
    case "+":
    case "_":
    case "=":
    case "<":
    case ">":
    case "-":
      return true;
  }
  return c >= 0x30 && c <= 0x39;
}

function newBlock(kind, extra) {
  return { kind, children: 0, indent: 0, fenceChar: 0, fenceLen: 0, htmlType: 0, ...extra };
}

function isContainer(b) {
  return b.kind === kDocument || b.kind === kQuote || b.kind === kItem;
}

function endsOnBlank(b) {
  switch (b.kind) {
    case kQuote:
    case kParagraph:
      return true;
    case kItem:
      return b.children === 0;
    case kHTML:
      return b.htmlType >= 6;
  }
  return false;
}

/**
 * Scans src (bytes) and returns one line per line: its byte range (the
 * line ending left out) and its kind (0 text, 1 code, 2 comment).
 * Exported for the conformance tests, which compare it with the Go
 * scanner; the package's index does not export it.
 */
export function scanMarkdown(src) {
  const s = new Scanner(src);
  s.run();
  return s.out;
}

class Scanner {
  constructor(src) {
    this.src = src;
    this.out = [];
    this.stack = [newBlock(kDocument)];
    this.ln = src.subarray(0, 0);
    this.lineStart = 0;
    this.offset = 0;
    this.column = 0;
    this.nonspace = 0;
    this.nsColumn = 0;
    this.indent = 0;
    this.indented = false;
    this.blank = false;
    this.allClosed = false;
    this.matched = 0;
    this.leafDone = false;
    this.nsFrom = 1;
    this.nsTo = 0;
    this.nsCol = 0;
    this.tbFrom = 0;
    this.tbBad = 0;
    this.tbChar = 0;
    this.blankStop = 1;
    this.pending = [];
    this.paraLines = 0;
    this.paraTrack = false;
    this.paraRanges = [];
  }

  run() {
    const src = this.src;
    for (let start = 0; start < src.length; ) {
      let next = src.length;
      let end = src.length;
      const i = src.indexOf(NL, start);
      if (i >= 0) {
        end = i;
        next = end + 1;
        if (end > start && src[end - 1] === 0x0d) end--;
      }
      this.out.push({ start, end, kind: TEXT });
      this.line(start, src.subarray(start, end));
      start = next;
    }
    while (this.stack.length > 1) this.closeTop();
  }

  top() {
    return this.stack[this.stack.length - 1];
  }

  peek(i) {
    return i < this.ln.length ? this.ln[i] : 0;
  }

  findNextNonspace() {
    if (this.offset < this.nsFrom || this.offset > this.nsTo) {
      let i = this.offset;
      let cols = this.column;
      while (i < this.ln.length) {
        const c = this.ln[i];
        if (c === SP) cols++;
        else if (c === TAB) cols += 4 - (cols % 4);
        else break;
        i++;
      }
      this.nsFrom = this.offset;
      this.nsTo = i;
      this.nsCol = cols;
    }
    this.blank = this.nsTo === this.ln.length;
    this.nonspace = this.nsTo;
    this.nsColumn = this.nsCol;
    this.indent = this.nsCol - this.column;
    this.indented = this.indent >= 4;
  }

  advanceNextNonspace() {
    this.offset = this.nonspace;
    this.column = this.nsColumn;
  }

  advance(count, columns) {
    while (count > 0 && this.offset < this.ln.length) {
      if (this.ln[this.offset] === TAB) {
        const toTab = 4 - (this.column % 4);
        if (!columns) {
          this.column += toTab;
          this.offset++;
          count--;
        } else if (toTab > count) {
          this.column += count;
          count = 0;
        } else {
          this.column += toTab;
          this.offset++;
          count -= toTab;
        }
      } else {
        this.offset++;
        this.column++;
        count--;
      }
    }
  }

  line(start, ln) {
    this.ln = ln;
    this.lineStart = start;
    this.offset = 0;
    this.column = 0;
    this.leafDone = false;
    this.nsFrom = 1;
    this.nsTo = 0;
    this.tbChar = 0;

    let c = 0;
    if (allSpaceOrTab(ln)) {
      c = this.blankStop - 1;
    } else {
      while (c + 1 < this.stack.length) {
        this.findNextNonspace();
        const r = this.continues(this.stack[c + 1]);
        if (r === contMatched) {
          c++;
          continue;
        }
        if (r === contFenceClosed) {
          this.mark(CODE);
          this.closeTop();
          return;
        }
        break;
      }
    }
    this.matched = c;
    this.allClosed = c === this.stack.length - 1;

    let container = c;
    let leaf = false;
    switch (this.stack[c].kind) {
      case kFence:
      case kIndented:
      case kHTML:
        leaf = true;
    }
    while (!leaf) {
      this.findNextNonspace();
      if (!this.indented && !maybeSpecial(this.peek(this.nonspace))) {
        this.advanceNextNonspace();
        break;
      }
      const r = this.start(container);
      if (r === startNone) {
        this.advanceNextNonspace();
        break;
      }
      container = this.stack.length - 1;
      leaf = r === startLeaf;
    }

    if (!this.allClosed && !this.blank && this.top().kind === kParagraph) {
      this.addParagraphLine();
      return;
    }
    this.closeUnmatched();
    if (this.leafDone) return;
    switch (this.stack[container].kind) {
      case kParagraph:
        this.addParagraphLine();
        break;
      case kFence:
        this.mark(CODE);
        break;
      case kIndented:
        this.addCodeLine();
        break;
      case kHTML: {
        const b = this.stack[container];
        if (b.htmlType === 2) this.mark(COMMENT);
        if (b.htmlType <= 5 && htmlEnds(b.htmlType, this.ln.subarray(this.offset))) this.closeTop();
        break;
      }
      default:
        if (this.offset < this.ln.length && !this.blank) {
          this.addChild(newBlock(kParagraph));
          this.advanceNextNonspace();
          this.addParagraphLine();
        }
    }
  }

  mark(k) {
    this.out[this.out.length - 1].kind = k;
  }

  continues(b) {
    switch (b.kind) {
      case kQuote:
        if (!this.indented && this.peek(this.nonspace) === 0x3e) {
          this.advanceNextNonspace();
          this.advance(1, false);
          if (isSpaceOrTab(this.peek(this.offset))) this.advance(1, true);
          return contMatched;
        }
        return contFailed;
      case kItem:
        if (this.blank) {
          if (b.children === 0) return contFailed;
          this.advanceNextNonspace();
          return contMatched;
        }
        if (this.indent >= b.indent) {
          this.advance(b.indent, true);
          return contMatched;
        }
        return contFailed;
      case kParagraph:
        return this.blank ? contFailed : contMatched;
      case kFence:
        if (this.indent <= 3 && this.peek(this.nonspace) === b.fenceChar) {
          let i = this.nonspace;
          while (i < this.ln.length && this.ln[i] === b.fenceChar) i++;
          if (i - this.nonspace >= b.fenceLen && allSpaceOrTab(this.ln, i)) return contFenceClosed;
        }
        return contMatched;
      case kIndented:
        if (this.indent >= 4) {
          this.advance(4, true);
          return contMatched;
        }
        if (this.blank) {
          this.advanceNextNonspace();
          return contMatched;
        }
        return contFailed;
      case kHTML:
        if (this.blank && (b.htmlType === 6 || b.htmlType === 7)) return contFailed;
        return contMatched;
    }
    return contMatched;
  }

  start(container) {
    const rest = this.ln.subarray(this.nonspace);
    if (!this.indented) {
      const c0 = this.peek(this.nonspace);
      switch (c0) {
        case 0x3e: // >
          this.advanceNextNonspace();
          this.advance(1, false);
          if (isSpaceOrTab(this.peek(this.offset))) this.advance(1, true);
          this.closeUnmatched();
          this.addChild(newBlock(kQuote));
          return startContainer;
        case 0x23: // #
          if (isATXHeading(rest)) {
            this.closeUnmatched();
            this.addLeafLine();
            return startLeaf;
          }
          break;
        case 0x60: // `
        case 0x7e: {
          // ~
          const n = fenceOpen(rest);
          if (n > 0) {
            this.closeUnmatched();
            this.addChild(newBlock(kFence, { fenceChar: c0, fenceLen: n }));
            return startLeaf;
          }
          break;
        }
        case 0x3c: {
          // <
          const inPara =
            this.stack[container].kind === kParagraph || (!this.allClosed && !this.blank && this.top().kind === kParagraph);
          const t = htmlStart(rest, inPara);
          if (t > 0) {
            this.closeUnmatched();
            this.addChild(newBlock(kHTML, { htmlType: t }));
            return startLeaf;
          }
          break;
        }
      }
      const c = this.peek(this.nonspace);
      if ((c === 0x3d || c === 0x2d) && this.stack[container].kind === kParagraph && isSetextUnderline(rest)) {
        this.closeUnmatched();
        if (!this.paraTrack || this.resolveRefs() > 0) {
          this.paraLines = 0;
          this.paraTrack = false;
          this.pop();
          this.leafDone = true;
          return startLeaf;
        }
      }
      if ((c === 0x2a || c === 0x5f || c === 0x2d) && this.thematicBreak()) {
        this.closeUnmatched();
        this.addLeafLine();
        return startLeaf;
      }
      if (this.listItem(container)) return startContainer;
      return startNone;
    }
    if (this.top().kind !== kParagraph && !this.blank) {
      this.advance(4, true);
      this.closeUnmatched();
      this.addChild(newBlock(kIndented));
      this.addCodeLine();
      this.leafDone = true;
      return startLeaf;
    }
    return startNone;
  }

  addLeafLine() {
    this.adopt();
    this.leafDone = true;
  }

  adopt() {
    while (!isContainer(this.top())) this.closeTop();
    const top = this.top();
    top.children++;
    if (this.blankStop === this.stack.length - 1 && !endsOnBlank(top)) this.blankStop = this.stack.length;
  }

  addChild(b) {
    this.adopt();
    this.stack.push(b);
    if (this.blankStop === this.stack.length - 1 && !endsOnBlank(b)) this.blankStop = this.stack.length;
  }

  pop() {
    this.stack.pop();
    this.blankStop = Math.min(this.blankStop, this.stack.length);
  }

  closeUnmatched() {
    if (this.allClosed) return;
    while (this.stack.length - 1 > this.matched) this.closeTop();
    this.allClosed = true;
  }

  closeTop() {
    switch (this.top().kind) {
      case kIndented:
        this.pending = [];
        break;
      case kParagraph: {
        const i = this.stack.length - 2;
        const parent = this.stack[i];
        if (parent.kind === kItem && parent.children === 1) {
          if (this.paraLines === 0 || (this.paraTrack && this.resolveRefs() === 0)) {
            parent.children--;
            this.blankStop = Math.min(this.blankStop, i);
          }
        }
        this.paraLines = 0;
        this.paraTrack = false;
        break;
      }
    }
    this.pop();
  }

  addCodeLine() {
    if (allSpaceOrTab(this.ln, this.offset)) {
      this.pending.push(this.out.length - 1);
      return;
    }
    for (const i of this.pending) this.out[i].kind = CODE;
    this.pending = [];
    this.mark(CODE);
  }

  addParagraphLine() {
    if (this.paraLines === 0) {
      this.paraTrack = this.peek(this.offset) === 0x5b;
      this.paraRanges = [];
    }
    this.paraLines++;
    if (this.paraTrack) this.paraRanges.push([this.lineStart + this.offset, this.lineStart + this.ln.length]);
  }

  resolveRefs() {
    const parts = [];
    for (const r of this.paraRanges) {
      parts.push(this.src.subarray(r[0], r[1]), Uint8Array.of(NL));
    }
    const buf = Buffer.concat(parts);
    let pos = 0;
    while (pos < buf.length && buf[pos] === 0x5b) {
      const n = parseRefDef(buf.subarray(pos));
      if (n === 0) break;
      pos += n;
    }
    let used = 0;
    for (let i = 0; i < pos; i++) if (buf[i] === NL) used++;
    this.paraRanges = this.paraRanges.slice(used);
    this.paraLines -= used;
    this.paraTrack = this.paraLines > 0 && this.src[this.paraRanges[0][0]] === 0x5b;
    return this.paraLines;
  }

  listItem(container) {
    if (this.indent >= 4) return false;
    const inPara = this.stack[container].kind === kParagraph;
    const rest = this.ln.subarray(this.nonspace);
    let n = 0;
    if (rest.length > 0 && (rest[0] === 0x2a || rest[0] === 0x2b || rest[0] === 0x2d)) {
      n = 1;
    } else {
      let d = 0;
      while (d < rest.length && d < 10 && rest[d] >= 0x30 && rest[d] <= 0x39) d++;
      if (d === 0 || d > 9 || d >= rest.length || (rest[d] !== 0x2e && rest[d] !== 0x29)) return false;
      if (inPara) {
        let v = 0;
        for (let k = 0; k < d; k++) v = v * 10 + (rest[k] - 0x30);
        if (v !== 1) return false;
      }
      n = d + 1;
    }
    const p = this.nonspace + n;
    if (p < this.ln.length && !isSpaceOrTab(this.ln[p])) return false;
    if (inPara && allSpaceOrTab(rest, n)) return false;
    const markerOffset = this.indent;
    this.advanceNextNonspace();
    this.advance(n, true);
    const startCol = this.column;
    const startOff = this.offset;
    for (;;) {
      this.advance(1, true);
      if (this.column - startCol >= 5 || !isSpaceOrTab(this.peek(this.offset))) break;
    }
    const blankItem = this.offset >= this.ln.length;
    const spaces = this.column - startCol;
    let padding = n + spaces;
    if (spaces >= 5 || spaces < 1 || blankItem) {
      padding = n + 1;
      this.column = startCol;
      this.offset = startOff;
      if (isSpaceOrTab(this.peek(this.offset))) this.advance(1, true);
    }
    this.closeUnmatched();
    this.addChild(newBlock(kItem, { indent: markerOffset + padding }));
    return true;
  }

  thematicBreak() {
    const c = this.ln[this.nonspace];
    const p = this.nonspace;
    if (c === this.tbChar && p >= this.tbFrom && p < this.tbBad) return false;
    let n = 0;
    for (let i = p; i < this.ln.length; i++) {
      const x = this.ln[i];
      if (x === c) n++;
      else if (x !== SP && x !== TAB) {
        this.tbChar = c;
        this.tbFrom = p;
        this.tbBad = i;
        return false;
      }
    }
    return n >= 3;
  }
}

function isATXHeading(rest) {
  let n = 0;
  while (n < rest.length && rest[n] === 0x23) n++;
  return n >= 1 && n <= 6 && (n === rest.length || isSpaceOrTab(rest[n]));
}

function fenceOpen(rest) {
  const c = rest[0];
  let n = 0;
  while (n < rest.length && rest[n] === c) n++;
  if (n < 3) return 0;
  if (c === 0x60 && rest.indexOf(0x60, n) >= 0) return 0;
  return n;
}

function isSetextUnderline(rest) {
  const c = rest[0];
  let n = 0;
  while (n < rest.length && rest[n] === c) n++;
  return allSpaceOrTab(rest, n);
}

// HTML blocks.

const blockTags = new Set([
  "address", "article", "aside", "base", "basefont", "blockquote", "body",
  "caption", "center", "col", "colgroup", "dd", "details", "dialog", "dir",
  "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
  "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header",
  "hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem",
  "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search",
  "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
  "title", "tr", "track", "ul",
]);
const rawTags = new Set(["pre", "script", "style", "textarea"]);

const isASCIILetter = (c) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isDigit = (c) => c >= 0x30 && c <= 0x39;

function tagName(b) {
  if (b.length === 0 || !isASCIILetter(b[0])) return 0;
  let n = 1;
  while (n < b.length && (isASCIILetter(b[n]) || isDigit(b[n]) || b[n] === 0x2d)) n++;
  return n;
}

/** Whether the ASCII name b is in set, without regard to case. */
function inList(b, set) {
  let s = "";
  for (const c of b) s += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
  return set.has(s);
}

function startsWith(b, from, ascii) {
  if (b.length - from < ascii.length) return false;
  for (let i = 0; i < ascii.length; i++) if (b[from + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

function contains(b, ascii) {
  for (let i = 0; i + ascii.length <= b.length; i++) if (startsWith(b, i, ascii)) return true;
  return false;
}

function htmlStart(rest, inParagraph) {
  if (rest.length < 2 || rest[0] !== 0x3c) return 0;
  const b = rest.subarray(1);
  let n = tagName(b);
  if (n > 0 && inList(b.subarray(0, n), rawTags)) {
    if (n === b.length || b[n] === SP || b[n] === TAB || b[n] === 0x3e) return 1;
  }
  if (startsWith(b, 0, "!--")) return 2;
  if (b[0] === 0x3f) return 3;
  if (b[0] === 0x21 && b.length > 1 && isASCIILetter(b[1])) return 4;
  if (startsWith(b, 0, "![CDATA[")) return 5;
  let t = b;
  if (t[0] === 0x2f) t = t.subarray(1);
  n = tagName(t);
  if (n > 0 && inList(t.subarray(0, n), blockTags)) {
    const r = t.subarray(n);
    if (r.length === 0 || r[0] === SP || r[0] === TAB || r[0] === 0x3e || (r[0] === 0x2f && r.length > 1 && r[1] === 0x3e)) return 6;
  }
  if (inParagraph) return 0;
  let m = 0;
  if (b[0] === 0x2f) {
    m = closingTag(b.subarray(1));
    if (m > 0) m++;
  } else {
    const [len, name] = openTag(b);
    m = len;
    if (inList(b.subarray(0, name), rawTags)) return 0;
  }
  if (m === 0) return 0;
  if (!allSpaceOrTab(b, m)) return 0;
  return 7;
}

function openTag(b) {
  const name = tagName(b);
  if (name === 0) return [0, 0];
  let i = name;
  for (;;) {
    let j = i;
    while (j < b.length && isSpaceOrTab(b[j])) j++;
    if (j === i || j === b.length || !isAttrNameStart(b[j])) break;
    j++;
    while (j < b.length && isAttrName(b[j])) j++;
    let k = j;
    while (k < b.length && isSpaceOrTab(b[k])) k++;
    if (k < b.length && b[k] === 0x3d) {
      k++;
      while (k < b.length && isSpaceOrTab(b[k])) k++;
      const v = attrValue(b.subarray(k));
      if (v === 0) return [0, 0];
      j = k + v;
    }
    i = j;
  }
  while (i < b.length && isSpaceOrTab(b[i])) i++;
  if (i < b.length && b[i] === 0x2f) i++;
  if (i < b.length && b[i] === 0x3e) return [i + 1, name];
  return [0, 0];
}

function closingTag(b) {
  let i = tagName(b);
  if (i === 0) return 0;
  while (i < b.length && isSpaceOrTab(b[i])) i++;
  if (i < b.length && b[i] === 0x3e) return i + 1;
  return 0;
}

const isAttrNameStart = (c) => isASCIILetter(c) || c === 0x5f || c === 0x3a;
const isAttrName = (c) => isAttrNameStart(c) || isDigit(c) || c === 0x2e || c === 0x2d;

function attrValue(b) {
  if (b.length === 0) return 0;
  const q = b[0];
  if (q === 0x22 || q === 0x27) {
    const i = b.indexOf(q, 1);
    return i >= 0 ? i + 1 : 0;
  }
  let n = 0;
  while (n < b.length) {
    const c = b[n];
    if (c === 0x22 || c === 0x27 || c === 0x3d || c === 0x3c || c === 0x3e || c === 0x60 || c <= SP) return n;
    n++;
  }
  return n;
}

function htmlEnds(t, line) {
  switch (t) {
    case 1:
      for (let i = 0; i + 2 < line.length; i++) {
        if (line[i] === 0x3c && line[i + 1] === 0x2f) {
          const n = tagName(line.subarray(i + 2));
          if (n > 0 && i + 2 + n < line.length && line[i + 2 + n] === 0x3e && inList(line.subarray(i + 2, i + 2 + n), rawTags)) return true;
        }
      }
      return false;
    case 2:
      return contains(line, "-->");
    case 3:
      return contains(line, "?>");
    case 4:
      return line.indexOf(0x3e) >= 0;
    case 5:
      return contains(line, "]]>");
  }
  return false;
}

// Link reference definitions.

const maxLabel = 999;

const isASCIIPunct = (c) =>
  (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);

function skipSpaceTab(b, i) {
  while (i < b.length && isSpaceOrTab(b[i])) i++;
  return i;
}

function skipSpaceNewline(b, i) {
  i = skipSpaceTab(b, i);
  if (i < b.length && b[i] === NL) i = skipSpaceTab(b, i + 1);
  return i;
}

/** The byte length of the UTF-8 sequence at b[i], as utf8.DecodeRune sizes it. */
function runeSize(b, i) {
  const c = b[i];
  const cont = (k) => i + k < b.length && (b[i + k] & 0xc0) === 0x80;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 1;
  if (c >= 0xe0 && c <= 0xef) {
    if (!(i + 1 < b.length)) return 1;
    const d = b[i + 1];
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    if (d < lo || d > hi) return 1;
    return cont(2) ? 3 : 1;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!(i + 1 < b.length)) return 1;
    const d = b[i + 1];
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    if (d < lo || d > hi) return 1;
    return cont(2) && cont(3) ? 4 : 1;
  }
  return 1;
}

function parseRefDef(b) {
  if (b.length === 0 || b[0] !== 0x5b) return 0;
  let i = 1;
  let chars = 0;
  let content = false;
  for (;;) {
    if (i >= b.length) return 0;
    const c = b[i];
    if (c === 0x5d) break;
    if (c === 0x5b) return 0;
    if (c === 0x5c && i + 1 < b.length && isASCIIPunct(b[i + 1])) {
      i += 2;
      chars += 2;
      content = true;
    } else {
      if (c !== SP && c !== TAB && c !== NL) content = true;
      i += runeSize(b, i);
      chars++;
    }
    if (chars > maxLabel) return 0;
  }
  if (!content) return 0;
  i++;
  if (i >= b.length || b[i] !== 0x3a) return 0;
  i = skipSpaceNewline(b, i + 1);
  if (i >= b.length) return 0;
  if (b[i] === 0x3c) {
    let j = i + 1;
    for (;;) {
      if (j >= b.length || b[j] === NL || b[j] === 0x3c) return 0;
      if (b[j] === 0x3e) break;
      if (b[j] === 0x5c && j + 1 < b.length && isASCIIPunct(b[j + 1])) j += 2;
      else j++;
    }
    i = j + 1;
  } else {
    let j = i;
    let depth = 0;
    dest: while (j < b.length) {
      const c = b[j];
      if (c === 0x5c && j + 1 < b.length && isASCIIPunct(b[j + 1])) j += 2;
      else if (c === 0x28) {
        depth++;
        j++;
      } else if (c === 0x29) {
        if (depth === 0) break dest;
        depth--;
        j++;
      } else if (c <= SP || c === 0x7f) break dest;
      else j++;
    }
    if (j === i || depth !== 0) return 0;
    i = j;
  }
  const before = i;
  const j = skipSpaceNewline(b, i);
  if (j > before && j < b.length) {
    const end = title(b, j);
    if (end > 0) {
      const k = skipSpaceTab(b, end);
      if (k === b.length) return k;
      if (b[k] === NL) return k + 1;
    }
  }
  const k = skipSpaceTab(b, before);
  if (k === b.length) return k;
  if (b[k] === NL) return k + 1;
  return 0;
}

function title(b, i) {
  const open = b[i];
  let closer = open;
  if (open === 0x28) closer = 0x29;
  else if (open !== 0x22 && open !== 0x27) return 0;
  for (let j = i + 1; j < b.length; j++) {
    const c = b[j];
    if (c === 0x5c && j + 1 < b.length && isASCIIPunct(b[j + 1])) j++;
    else if (c === closer) return j + 1;
    else if (open === 0x28 && c === 0x28) return 0;
  }
  return 0;
}

// ---------------------------------------------------------------------
// The include engine (genruntime include.go).

const incEntered = 0;
const incAbsolute = 1;
const incClimbs = 2;
const incCycle = 3;
const incDiamond = 4;
const incDepth = 5;
const incFiles = 6;
const incTotal = 7;
const incFull = 8;
const incOwnTotal = 9;
const incFileChars = 10;
const incRead = 11;

/** path.Clean for slash-separated paths. */
function cleanPath(p) {
  if (p === "") return ".";
  const rooted = p[0] === "/";
  const out = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(seg);
  }
  const s = out.join("/");
  if (rooted) return "/" + s;
  return s === "" ? "." : s;
}

/** path.Join. */
function joinPath(...elems) {
  const nonEmpty = elems.filter((e) => e !== "");
  return nonEmpty.length === 0 ? "" : cleanPath(nonEmpty.join("/"));
}

/** path.Dir. */
function dirPath(p) {
  const i = p.lastIndexOf("/");
  return cleanPath(p.slice(0, i + 1));
}

const isLetter = (c) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

function incIsInclude(line) {
  const t = trim(line, " \t");
  if (t.length < 2 || t[0] !== "@" || t[1] === "@") return null;
  const p = t.slice(1);
  if (hasSpaceRe.test(p)) return null;
  if (p.includes("/") || incHasExtension(p)) return p;
  return null;
}

function incHasExtension(p) {
  const dot = p.lastIndexOf(".");
  if (dot <= 0 || p[dot - 1] === "/") return false;
  const ext = p.slice(dot + 1);
  if (ext.length === 0 || ext.length > 10 || !isLetter(ext.charCodeAt(0))) return false;
  for (let i = 1; i < ext.length; i++) {
    const c = ext.charCodeAt(i);
    if (!isLetter(c) && (c < 0x30 || c > 0x39)) return false;
  }
  return true;
}

function incIsDirective(line) {
  const t = trimSpace(line);
  return t.startsWith("<!-- promptc:") && t.endsWith("-->");
}

function incBackInside(root, p) {
  if (root === "") return null;
  const j = joinPath(root, p);
  const prefix = trimRight(root, "/") + "/";
  if (!j.startsWith(prefix) || j.length === prefix.length) return null;
  return j.slice(prefix.length);
}

const incOutside = (p) => p === ".." || p.startsWith("../");

function incIsAbs(p) {
  return p.startsWith("/") || p.startsWith("\\") || (p.length >= 2 && p[1] === ":" && isLetter(p.charCodeAt(0)));
}

/**
 * The include engine. A file is { path, lines: string[], kinds: number[],
 * lastNewline: boolean }: its lines without their endings, their Markdown
 * kinds, and whether the last line ends in a newline.
 */
class IncExpander {
  constructor(read, lim, noIncludes) {
    this.read = read;
    this.lim = lim;
    this.noIncludes = noIncludes;
    this.root = "";
    this.spans = [];
    this.files = [];
    this.events = [];
    this.at = new Map();
    this.chain = [];
    this.total = 0;
    this.priorFiles = 0;
    this.inPart = false;
    this.full = false;
  }

  scan(f, first, last) {
    const incs = [];
    let own = 0;
    for (let num = first; num <= last; num++) {
      const text = f.lines[num - 1];
      const kind = f.kinds[num - 1];
      if (kind === COMMENT && incIsDirective(text)) {
        incs.push({ num, target: "" });
        continue;
      }
      if (kind === TEXT && !this.noIncludes) {
        const target = incIsInclude(text);
        if (target !== null) {
          const col = runeCount(text.slice(0, text.indexOf("@"))) + 1;
          incs.push({
            num,
            target,
            pos: { path: f.path, line: num, col },
            end: { path: f.path, line: num, col: col + 1 + runeCount(target) },
          });
          continue;
        }
      }
      own += runeCount(text);
      if (num < f.lines.length || f.lastNewline) own++;
    }
    return [incs, own];
  }

  named(p) {
    this.include({ target: p, pos: { path: p, line: 0, col: 0 }, end: { path: p, line: 0, col: 0 } }, p);
  }

  expand(f, first, last, incs) {
    let next = first;
    for (const inc of incs) {
      this.emit(f, next, inc.num - 1);
      if (inc.target !== "") this.includeLine(f, inc);
      next = inc.num + 1;
    }
    this.emit(f, next, last);
  }

  emit(f, first, last) {
    if (first > last) return;
    const text = f.lines.slice(first - 1, last).join("\n") + "\n";
    const before = this.total;
    this.total += runeCount(text);
    this.spans.push({ text, path: f.path, line: first });
    if (this.inPart && this.chain.length === 1 && !this.full && this.sent() > this.lim.maxTotalChars) {
      this.full = true;
      let line = first;
      for (let c = before - 1; line < last; line++) {
        c += runeCount(f.lines[line - 1]) + 1;
        if (c > this.lim.maxTotalChars) break;
      }
      this.events.push({ kind: incOwnTotal, pos: { path: f.path, line, col: 1 }, path: f.path, limit: this.lim.maxTotalChars });
    }
  }

  sent() {
    return Math.max(this.total - 1, 0);
  }

  includeLine(from, inc) {
    if (incIsAbs(inc.target)) {
      this.events.push({ kind: incAbsolute, pos: inc.pos, end: inc.end, target: inc.target });
      return;
    }
    const p = joinPath(dirPath(from.path), inc.target);
    if (incOutside(p)) {
      const q = incBackInside(this.root, p);
      if (q !== null) {
        this.include(inc, q);
        return;
      }
      this.events.push({ kind: incClimbs, pos: inc.pos, end: inc.end, target: inc.target, path: p });
      return;
    }
    this.include(inc, p);
  }

  include(inc, p) {
    const ev = { kind: 0, pos: inc.pos, end: inc.end, target: inc.target, path: p, n: 0, limit: 0, chain: null, err: null };
    const fail = (kind) => {
      ev.kind = kind;
      this.events.push(ev);
    };
    if (this.chain.includes(p)) {
      ev.chain = [...this.chain];
      fail(incCycle);
      return;
    }
    if (this.at.has(p)) {
      ev.first = this.at.get(p);
      fail(incDiamond);
      return;
    }
    const depth = this.chain.length;
    if (depth > this.lim.maxDepth) {
      ev.n = depth;
      ev.limit = this.lim.maxDepth;
      ev.chain = [...this.chain];
      fail(incDepth);
      return;
    }
    if (this.priorFiles + this.files.length >= this.lim.maxFiles) {
      ev.n = this.priorFiles + this.files.length + 1;
      ev.limit = this.lim.maxFiles;
      fail(incFiles);
      return;
    }
    if (this.full) {
      ev.limit = this.lim.maxTotalChars;
      fail(incFull);
      return;
    }
    const r = this.read(p);
    if (r.err) {
      ev.err = r;
      fail(incRead);
      return;
    }
    const f = r.file;
    const [incs, own] = this.scan(f, 1, f.lines.length);
    if (own > this.lim.maxFileChars) {
      ev.n = own;
      ev.limit = this.lim.maxFileChars;
      fail(incFileChars);
      return;
    }
    const spans = this.spans.length;
    const files = this.files.length;
    const total = this.total;
    const events = this.events.length;
    this.events.push({ kind: incEntered, pos: inc.pos, end: inc.end, target: inc.target, path: p });
    this.at.set(p, inc.pos);
    this.files.push(p);
    this.chain.push(p);
    this.expand(f, 1, f.lines.length, incs);
    this.chain.pop();
    if (this.sent() > this.lim.maxTotalChars) {
      const over = this.sent();
      for (const q of this.files.slice(files)) this.at.delete(q);
      this.spans.length = spans;
      this.files.length = files;
      this.total = total;
      const kept = this.events.slice(0, events);
      for (const x of this.events.slice(events)) if (x.kind !== incDiamond) kept.push(x);
      this.events = kept;
      ev.n = over;
      ev.limit = this.lim.maxTotalChars;
      fail(incTotal);
    }
  }
}

// ---------------------------------------------------------------------
// Opening a file inside the project directory (genruntime project.go).

// The errors of openInProject and of the readers: what the Go package's
// errors.Is tells apart.
const errNotExist = "not-exist";
const errOutside = "outside";
const errOther = "other";

/**
 * Whether p, a slash-separated path, stays below the directory it is
 * relative to (isLocalPath).
 */
function isLocal(p) {
  return !incOutside(cleanPath(p));
}

/** Go's wording of a system error: "no such file or directory", ... */
function errnoText(e) {
  switch (e.code) {
    case "ENOENT":
      return "no such file or directory";
    case "ENOTDIR":
      return "not a directory";
    case "EACCES":
      return "permission denied";
    case "ELOOP":
      return "too many levels of symbolic links";
    case "EISDIR":
      return "is a directory";
  }
  return e.message;
}

const nonBlock = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK || 0);

/**
 * Opens path (slash-separated, relative to projectDir) for reading
 * without blocking, never reaching outside projectDir: a symbolic link is
 * followed only when its target, the project directory's real path
 * considered, lies inside. Returns { fd } or { err, message }.
 */
function openInProject(projectDir, p) {
  // filepath.IsLocal: not empty, not absolute, not climbing out.
  if (p === "" || p.startsWith("/") || incOutside(cleanPath(p))) return { err: errOutside, message: "leads outside the project" };
  const fail = (e) => ({ err: e.code === "ENOENT" ? errNotExist : errOther, message: `openat ${p}: ${errnoText(e)}` });
  let base;
  try {
    base = fs.realpathSync(projectDir);
  } catch (e) {
    return fail(e);
  }
  let target;
  try {
    // The native realpath resolves each component on the disk, as the Go
    // package's os.Root does: "sub/../x.md" needs sub, and a link's ".."
    // is its target's parent. (path.join would drop "sub/.." unread.)
    target = fs.realpathSync.native(base + path.sep + p.split("/").join(path.sep));
  } catch (e) {
    return fail(e);
  }
  const rel = path.relative(base, target);
  if (rel === ".." || rel.startsWith(".." + path.sep) || path.isAbsolute(rel)) {
    return { err: errOutside, message: "leads outside the project" };
  }
  try {
    // The real path has no link left to follow; O_NOFOLLOW refuses one
    // put in its place since.
    return { fd: fs.openSync(target, nonBlock | (fs.constants.O_NOFOLLOW || 0)) };
  } catch (e) {
    if (e.code === "ELOOP") return { err: errOutside, message: "leads outside the project" };
    return fail(e);
  }
}

/**
 * Reads the open file fd whole when it is a regular file of at most
 * maxBytes bytes: { data } or { reason } (the Go package's wording) and
 * closes fd.
 */
function readRegular(fd, maxBytes) {
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { reason: "not-regular" };
    if (st.size > maxBytes) return { reason: "size", size: st.size };
    const buf = Buffer.alloc(maxBytes + 1);
    let n = 0;
    for (;;) {
      const k = fs.readSync(fd, buf, n, buf.length - n, null);
      if (k === 0) break;
      n += k;
      if (n === buf.length) break;
    }
    return { data: buf.subarray(0, n) };
  } catch (e) {
    return { reason: "error", message: errnoText(e) };
  } finally {
    fs.closeSync(fd);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes as text, or null when they are not valid UTF-8. */
function decode(data) {
  try {
    return utf8.decode(data);
  } catch {
    return null;
  }
}

/**
 * Why projectDir cannot be opened as a directory, in Go's words
 * (os.OpenRoot's error), or null when it can.
 */
function openDirError(projectDir) {
  try {
    if (fs.statSync(projectDir).isDirectory()) return null;
    return `open ${projectDir}: not a directory`;
  } catch (e) {
    return `open ${projectDir}: ${errnoText(e)}`;
  }
}

// ---------------------------------------------------------------------
// The instruction-file loader (genruntime instructions.go).

/** A piece of the user's instructions that was left out. */
export class InstructionProblem {
  constructor(p, line, col, kind, message) {
    this.path = p;
    this.line = line;
    this.col = col;
    this.kind = kind;
    this.message = message;
  }

  /** "path:line:col: message", or "path: message" for a named file. */
  toString() {
    if (this.line === 0) return this.path + ": " + this.message;
    return `${this.path}:${this.line}:${this.col}: ${this.message}`;
  }
}

/** The largest instruction file read, in bytes (InstructionMaxBytes). */
export const instructionMaxBytes = 1 << 20;

// What each result's limits counted, for a later call's after.
const counted = new WeakMap();

/**
 * Reads the file at p (clean, relative) in projectDir as the include
 * engine reads a file: { file } or { err, message }.
 */
function readInstructionFile(projectDir, p, maxBytes) {
  const o = openInProject(projectDir, p);
  if (o.err) return { err: o.err, message: o.message };
  const r = readRegular(o.fd, maxBytes);
  const bad = (why) => ({ err: errOther, message: "unreadable: " + why });
  if (r.reason === "not-regular") return bad("not a regular file");
  if (r.reason === "size") return bad(`${r.size} bytes, over the limit of ${maxBytes}`);
  if (r.reason === "error") return bad(r.message);
  if (r.data.length > maxBytes) return bad(`over the limit of ${maxBytes} bytes`);
  let text = decode(r.data);
  if (text === null) return bad("not valid UTF-8");
  if (text.includes("\0")) return bad("it contains a NUL byte");
  if (text.includes("\ufeff")) return bad("it contains a byte-order mark");
  text = text.replaceAll("\r\n", "\n").replaceAll("\r", "\n");
  // The scanner's lines are the text's lines: only "\n" is left to end
  // one, and a final "\n" ends the last.
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const kinds = scanMarkdown(Buffer.from(text, "utf8")).map((ln) => ln.kind);
  return { file: { path: p, lines, kinds, lastNewline: text.endsWith("\n") } };
}

function instructionMissing(projectDir, p) {
  const o = openInProject(projectDir, p);
  if (o.fd !== undefined) fs.closeSync(o.fd);
  return o.err === errNotExist;
}

function instructionHierarchy(names, workDir) {
  if (workDir === "") return [names, []];
  if (incIsAbs(workDir) || !isLocal(workDir)) {
    return [
      names,
      [
        new InstructionProblem(
          workDir,
          0,
          0,
          "escape",
          "the working directory " + workDir + " is outside the project directory; only the project directory's files are read",
        ),
      ],
    ];
  }
  const dirs = [""];
  const d = cleanPath(workDir);
  if (d !== ".") {
    const parts = d.split("/");
    for (let i = 0; i < parts.length; i++) dirs.push(parts.slice(0, i + 1).join("/") + "/");
  }
  const out = [];
  for (const dir of dirs) for (const name of names) if (name !== "") out.push(dir + name);
  return [out, []];
}

function instructionProblem(ev) {
  const named = ev.pos.line === 0;
  const what = named ? ev.path : "@" + ev.target;
  const mk = (kind, message) => new InstructionProblem(ev.pos.path, ev.pos.line, ev.pos.col, kind, message);
  switch (ev.kind) {
    case incAbsolute:
    case incClimbs:
      return mk("escape", what + " leads outside the project directory; left out");
    case incDepth:
      return mk("depth", `${ev.path} would be included at depth ${ev.n}, over the limit of ${ev.limit}; left out`);
    case incFiles:
      return mk("files", `${ev.path} would be file ${ev.n}, over the limit of ${ev.limit}; left out`);
    case incTotal:
    case incFull:
      return mk("total-chars", `${ev.path} would bring the instructions to ${ev.n} characters, over the limit of ${ev.limit}; left out`);
    case incFileChars:
      return mk("file-chars", `${ev.path} has ${ev.n} characters, over the per-file limit of ${ev.limit}; left out`);
    case incRead:
      if (ev.err.err === errNotExist) {
        if (named) return null;
        return mk("not-found", `${what}: ${ev.path} does not exist; left out`);
      }
      if (ev.err.err === errOutside) return mk("escape", `${what}: ${ev.path} leads outside the project directory; left out`);
      return mk("unreadable", `${what}: ${ev.path} cannot be read (${ev.err.message}); left out`);
  }
  return null;
}

function trimBlankLines(text) {
  while (text !== "") {
    const i = text.indexOf("\n");
    const line = i >= 0 ? text.slice(0, i) : text;
    if (trimSpace(line) !== "") break;
    text = i >= 0 ? text.slice(i + 1) : "";
  }
  while (text !== "") {
    const i = trimRight(text, "\n").lastIndexOf("\n");
    if (trimSpace(text.slice(i + 1)) !== "") break;
    text = text.slice(0, i + 1);
  }
  return trimRight(text, "\n");
}

/**
 * Reads the user's instruction files in projectDir as the Go package's
 * LoadInstructions does; config is the project's compiled instructions
 * (files, includes and limits).
 */
export function loadInstructions(projectDir, options, config) {
  const opt = options || {};
  let names = opt.files !== undefined && opt.files !== null ? opt.files : [...config.files];
  const problems = [];
  const [hier, hp] = instructionHierarchy(names, opt.workDir || "");
  names = hier;
  problems.push(...hp);
  const prior = opt.after ? counted.get(opt.after) || { chars: 0, files: 0 } : { chars: 0, files: 0 };
  const lim = { maxDepth: config.maxDepth, maxFiles: config.maxFiles, maxTotalChars: config.maxTotalChars, maxFileChars: config.maxFileChars };
  const maxBytes = config.maxBytes;
  const dirErr = openDirError(projectDir);
  if (dirErr !== null) {
    for (const name of names) {
      problems.push(new InstructionProblem(name, 0, 0, "not-found", "the project directory cannot be opened: " + dirErr));
    }
    const out = { text: "", files: [], problems };
    counted.set(out, prior);
    return out;
  }
  const e = new IncExpander((p) => readInstructionFile(projectDir, p, maxBytes), lim, !!opt.noIncludes || !config.includes);
  e.root = path.resolve(projectDir).split(path.sep).join("/");
  e.total = prior.chars;
  e.priorFiles = prior.files;
  const texts = [];
  for (const name of names) {
    const from = e.spans.length;
    const events = e.events.length;
    if (name === "") continue;
    if (incIsAbs(name) || !isLocal(name)) {
      e.events.push({ kind: incClimbs, pos: { path: name, line: 0, col: 0 }, target: name, path: name });
    } else {
      e.named(cleanPath(name));
    }
    for (const ev of e.events.slice(events)) {
      if (ev.pos.line === 0 && ev.kind === incFiles && instructionMissing(projectDir, ev.path)) continue;
      const p = instructionProblem(ev);
      if (p !== null) problems.push(p);
    }
    const t = trimBlankLines(e.spans.slice(from).map((s) => s.text).join(""));
    if (t !== "") texts.push(t);
  }
  const out = { text: texts.join("\n\n"), files: [...e.files], problems };
  counted.set(out, { chars: e.total, files: e.priorFiles + e.files.length });
  return out;
}

/**
 * Reads layered instruction files as the Go package's LoadLayers does: in
 * each layer's directory, in the fixed order user, package, project, then
 * extensions, each a loadInstructions call confined to its directory and
 * after the layers before it (and after options.after), so all of them
 * share one set of limits; options.workDir applies to the project layer
 * only. A layer whose directory is "" or absent is left out.
 */
export function loadLayers(layers, options, config) {
  const opt = options || {};
  const ls = layers || {};
  const dirs = [
    ["user", ls.user],
    ["package", ls.package],
    ["project", ls.project],
    ...(ls.extensions || []).map((d) => ["extension", d]),
  ];
  let prior = opt.after;
  const out = [];
  const texts = [];
  for (const [name, dir] of dirs) {
    if (dir === undefined || dir === null || dir === "") continue;
    const o = { ...opt, after: prior, workDir: name === "project" ? opt.workDir : "" };
    const got = loadInstructions(dir, o, config);
    const layer = { name, dir, text: got.text, files: got.files, problems: got.problems };
    // A layer is an Instructions: it can be a later call's after.
    counted.set(layer, counted.get(got));
    prior = layer;
    if (layer.text !== "") texts.push(layer.text);
    out.push(layer);
  }
  return { text: texts.join("\n\n"), layers: out };
}

// ---------------------------------------------------------------------
// The custom mode's file (genruntime custom.go, customtext.go).

function customText(text) {
  let name = "";
  if (text.startsWith("---\n")) {
    const rest = text.slice(4);
    for (let off = 0; off <= rest.length; ) {
      const end = rest.indexOf("\n", off);
      let line = rest.slice(off);
      let next = rest.length + 1;
      if (end >= 0) {
        line = rest.slice(off, end);
        next = end + 1;
      }
      if (trimRight(line, " \t") === "---") {
        for (const l of rest.slice(0, off).split("\n")) {
          if (l.startsWith("name:")) name = trim(trimSpace(l.slice(5)), "\"'");
        }
        text = next <= rest.length ? rest.slice(next) : "";
        break;
      }
      if (end < 0) break;
      off = next;
    }
  }
  let body = trimRight(text, " \t\n");
  for (;;) {
    const i = body.indexOf("\n");
    if (i < 0 || trimSpace(body.slice(0, i)) !== "") break;
    body = body.slice(i + 1);
  }
  if (trimSpace(body) === "") body = "";
  if (name === "") name = firstHeading(text);
  return [name, body];
}

function firstHeading(text) {
  let fence = "";
  let para = [];
  for (const line of text.split("\n")) {
    const t = trimLeft(line, " ");
    const indent = line.length - t.length;
    if (fence !== "") {
      if (indent <= 3 && t.startsWith(fence) && trimRight(trimLeft(t, fence[0]), " \t") === "") fence = "";
      continue;
    }
    if (trimSpace(line) === "") {
      para = [];
      continue;
    }
    if (indent >= 4 || t.startsWith("\t")) {
      if (para.length === 0) continue;
      para.push(trimSpace(line));
      continue;
    }
    const f = customFence(t);
    if (f !== "") {
      fence = f;
      para = [];
      continue;
    }
    if (containerLine(t)) {
      para = [];
      continue;
    }
    const h = atxText(t);
    if (h !== null) {
      if (h !== "") return h;
      para = [];
      continue;
    }
    if (para.length > 0 && setextLine(t)) return para.join(" ");
    if (breakLine(t)) {
      para = [];
      continue;
    }
    para.push(trimSpace(t));
  }
  return "";
}

function customFence(t) {
  if (t.length < 3 || (t[0] !== "`" && t[0] !== "~")) return "";
  const n = t.length - trimLeft(t, t[0]).length;
  if (n < 3 || (t[0] === "`" && t.slice(n).includes("`"))) return "";
  return t.slice(0, n);
}

function atxText(t) {
  let rest = trimLeft(t, "#");
  const n = t.length - rest.length;
  if (n < 1 || n > 6 || (rest !== "" && rest[0] !== " " && rest[0] !== "\t")) return null;
  rest = trimSpace(rest);
  const trimmed = trimRight(rest, "#");
  if (trimmed === "" || trimmed.endsWith(" ") || trimmed.endsWith("\t")) rest = trimSpace(trimmed);
  return rest;
}

function setextLine(t) {
  t = trimRight(t, " \t");
  return t !== "" && (trim(t, "=") === "" || trim(t, "-") === "");
}

function containerLine(t) {
  if (t.startsWith(">")) return true;
  let rest;
  if (t.startsWith("-") || t.startsWith("+") || t.startsWith("*")) {
    rest = t.slice(1);
  } else {
    const digits = trimLeft(t, "0123456789");
    const n = t.length - digits.length;
    if (n < 1 || n > 9 || digits === "" || (digits[0] !== "." && digits[0] !== ")")) return false;
    rest = digits.slice(1);
  }
  return rest === "" || rest[0] === " " || rest[0] === "\t";
}

function breakLine(t) {
  const s = t.replaceAll(" ", "").replaceAll("\t", "");
  return s.length >= 3 && (trim(s, "*") === "" || trim(s, "-") === "" || trim(s, "_") === "");
}

/**
 * Reads the custom file at p (relative to projectDir) as the Go package's
 * LoadCustom does; config is the project's compiled custom mode (its file,
 * maxBytes and fallback).
 */
export function loadCustom(projectDir, p, config) {
  const fail = (reason) => ({ name: "", text: config.fallback, usable: false, reason, path: p });
  const dirErr = openDirError(projectDir);
  if (dirErr !== null) return fail("project directory: " + dirErr);
  const o = openInProject(projectDir, p);
  if (o.err === errNotExist) return fail(p + " does not exist");
  if (o.err === errOutside) return fail(p + " is unsafe: it leads outside the project");
  if (o.err) return fail(p + " cannot be read");
  const max = config.maxBytes;
  const r = readRegular(o.fd, max);
  if (r.reason === "not-regular") return fail(p + " is not a regular file");
  if (r.reason === "size") return fail(`${p} is ${r.size} bytes, over the limit of ${max}`);
  if (r.reason === "error") return fail(p + " cannot be read");
  const data = r.data;
  if (data.length > max) return fail(`${p} is over the limit of ${max} bytes`);
  const s = decode(data);
  if (s === null) return fail(p + " is not valid UTF-8");
  if (s.includes("\0")) return fail(p + " contains a NUL byte");
  if (s.includes("\ufeff")) return fail(p + " contains a byte-order mark");
  const [name, text] = customText(s.replaceAll("\r\n", "\n"));
  if (text === "") return fail(p + " is empty");
  return { name, text: text.replaceAll("{{cwd}}", projectDir), usable: true, reason: "", path: p };
}
