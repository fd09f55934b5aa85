package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nvimDriver runs in a headless Neovim after the set-up of
// docs/editors.md: it edits assets of the example project as a user
// would and writes what it saw to OUT as JSON. vim.wait's deadline only
// keeps a broken server from hanging the test; nothing is timed.
const nvimDriver = `
local root, outfile = ROOT, OUT
local out = {}
-- An error anywhere still writes what was seen and quits, so that a
-- Neovim that cannot run the driver fails the test instead of waiting
-- at a prompt.
local ok, err = pcall(function()
local function wait(cond) return vim.wait(120000, cond, 10) end
local function client_of(buf)
  local clients
  if vim.lsp.get_clients then clients = vim.lsp.get_clients({ bufnr = buf }) else clients = vim.lsp.buf_get_clients(buf) end
  for _, c in pairs(clients) do return c end
end
local function find(buf, pat)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find(pat, 1, true) then return d end
  end
end

vim.cmd('edit ' .. root .. '/prompts/self-knowledge.md')
local buf = vim.api.nvim_get_current_buf()
out.attached = wait(function() return client_of(buf) ~= nil end)
local client = client_of(buf)
out.initialized = wait(function() return client.server_capabilities ~= nil and client.server_capabilities.hoverProvider == true end)

-- A finding of the unsaved buffer.
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { 'Say what you changed. ' })
out.trailing = wait(function() return find(buf, 'trailing space') ~= nil end)
local n = vim.api.nvim_buf_line_count(buf)
local d = find(buf, 'trailing space')
out.trailing_line = d and d.lnum == n - 1

-- A hover names the tokens the file adds.
local res = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 0, character = 0 } }, 120000)
local h = res and res[client.id] and res[client.id].result
out.hover = h ~= nil and h.contents.value:find('tokens', 1, true) ~= nil

-- The quick fix that creates a missing include creates it, and the
-- finding clears.
vim.api.nvim_buf_set_lines(buf, -1, -1, false, { '', '@shared/new-part.md' })
out.missing = wait(function() return find(buf, 'new-part.md') ~= nil end)
local miss = find(buf, 'new-part.md')
out.miss = miss and miss.message
if miss then
  -- The line's findings in the protocol's form, as vim.lsp.buf.code_action
  -- sends them.
  local lsp
  if vim.fn.has('nvim-0.10') == 1 then
    lsp = { miss.user_data.lsp }
  else
    lsp = vim.lsp.diagnostic.get_line_diagnostics(buf, miss.lnum)
  end
  local actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(buf) }, range = lsp[1].range,
    context = { diagnostics = lsp } }, 120000)
  out.actions = {}
  for _, a in ipairs(actions[client.id].result or {}) do
    table.insert(out.actions, a.title)
    if a.title:find('^Create') then
      -- What vim.lsp.buf.code_action does with the chosen action.
      vim.lsp.util.apply_workspace_edit(a.edit, client.offset_encoding)
      if a.command then
        if vim.fn.has('nvim-0.11') == 1 then client:request('workspace/executeCommand', a.command) else client.request('workspace/executeCommand', a.command) end
      end
      out.create_offered = true
    end
  end
end
out.created = vim.fn.filereadable(root .. '/prompts/shared/new-part.md') == 1
out.cleared = wait(function() return find(buf, 'new-part.md') == nil end)

-- A template part (.tmpl) is served by the same client.
vim.cmd('edit ' .. root .. '/prompts/system-override.tmpl')
local tmpl = vim.api.nvim_get_current_buf()
out.tmpl = wait(function() return client_of(tmpl) ~= nil and client_of(tmpl).id == client.id end)

-- The composed prompt of the default mode opens as a file.
res = vim.lsp.buf_request_sync(buf, 'workspace/executeCommand', { command = 'promptc.showComposed',
  arguments = { { config = vim.uri_from_fname(root .. '/promptc.cue'), mode = '', model = '' } } }, 120000)
local r = res and res[client.id] and res[client.id].result
out.composed = r ~= nil and vim.fn.filereadable(vim.uri_to_fname(r.uri)) == 1
end)
if not ok then out.error = tostring(err) end

vim.fn.writefile({ vim.fn.json_encode(out) }, outfile)
vim.cmd('qa!')
`

// TestNeovim drives real Neovims, headless, with the set-ups of
// docs/editors.md, against promptc lsp on a copy of the example project:
// findings of an unsaved buffer, a hover, the quick fix that creates a
// missing include (the file exists and the finding clears), a template
// part served, the composed prompt opened. Each Neovim runs every block
// the page offers for its version. The Neovims are nvim on PATH
// (Debian's neovim package; .ci/run installs it where it can) and those
// PROMPTC_NVIM lists (paths separated as in PATH; .ci/run fetches newer
// Neovims from Debian's archive where it can). With none, it is skipped.
func TestNeovim(t *testing.T) {
	var nvims []string
	if nvim, err := exec.LookPath("nvim"); err == nil {
		nvims = append(nvims, nvim)
	}
	for _, p := range filepath.SplitList(os.Getenv("PROMPTC_NVIM")) {
		if p != "" {
			nvims = append(nvims, p)
		}
	}
	if len(nvims) == 0 {
		t.Skip("nvim is not installed: the real-editor test needs Neovim (Debian: apt-get install neovim)")
	}
	if testing.Short() {
		t.Skip("-short: the real-editor test builds promptc")
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "promptc"), "../cmd/promptc")
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, msg)
	}
	docs, err := os.ReadFile("../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, nvim := range nvims {
		major, minor := nvimVersion(t, nvim)
		for _, block := range nvimBlocks(major, minor) {
			t.Run(fmt.Sprintf("%d.%d/%s", major, minor, block), func(t *testing.T) {
				runNeovim(t, nvim, bin, fencedBlock(t, string(docs), "lua", "-- init.lua: promptc lsp for Neovim "+block))
			})
		}
	}
}

// nvimBlocks names the set-ups of docs/editors.md (by the end of their
// first line) that a Neovim of the version should run: its own, and the
// 0.10 block on later versions, which the page says still works there.
func nvimBlocks(major, minor int) []string {
	switch {
	case major == 0 && minor < 10:
		return []string{"0.7 to 0.9"}
	case major == 0 && minor == 10:
		return []string{"0.10"}
	default:
		return []string{"0.10", "0.11 and later"}
	}
}

func TestNvimBlocks(t *testing.T) {
	for _, c := range []struct {
		major, minor int
		want         string
	}{{0, 7, "0.7 to 0.9"}, {0, 9, "0.7 to 0.9"}, {0, 10, "0.10"}, {0, 11, "0.10|0.11 and later"}, {0, 12, "0.10|0.11 and later"}, {1, 0, "0.10|0.11 and later"}} {
		if got := strings.Join(nvimBlocks(c.major, c.minor), "|"); got != c.want {
			t.Errorf("nvimBlocks(%d, %d) = %q, want %q", c.major, c.minor, got, c.want)
		}
	}
}

// nvimVersion reads the major and minor version from nvim --version's
// first line ("NVIM v0.10.4").
func nvimVersion(t *testing.T, nvim string) (int, int) {
	t.Helper()
	out, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", nvim, err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(string(out), "NVIM v%d.%d", &major, &minor); err != nil {
		t.Fatalf("%s --version: no version in %q: %v", nvim, firstLine(string(out)), err)
	}
	return major, minor
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// runNeovim runs the driver in nvim with setup as its init.lua, on a
// fresh copy of the example project, and checks what the driver saw.
func runNeovim(t *testing.T, nvim, bin, setup string) {
	root := assetsCopy(t)
	dir := t.TempDir()
	outFile := filepath.Join(dir, "out.json")
	driver := strings.NewReplacer("ROOT", luaString(root), "OUT", luaString(outFile)).Replace(nvimDriver)
	for name, text := range map[string]string{"init.lua": setup, "driver.lua": driver} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE", "-u", filepath.Join(dir, "init.lua"), "-c", "luafile "+filepath.Join(dir, "driver.lua"))
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir, "PROMPTC_CACHE="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, stderr.String())
	}
	raw, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatalf("the driver wrote nothing (%v); nvim said:\n%s", err, stderr.String())
	}
	var got map[string]any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	if e, ok := got["error"]; ok {
		t.Errorf("the driver failed in Neovim: %v", e)
	}
	for _, k := range []string{"attached", "initialized", "trailing", "trailing_line", "hover", "missing", "create_offered", "created", "cleared", "tmpl", "composed"} {
		if got[k] != true {
			t.Errorf("%s: false in Neovim (all: %s)", k, raw)
		}
	}
}

// luaString quotes s as a Lua string literal.
func luaString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
