-- eplint lsp through Neovim's own client, headless. Run by LanguageServerNeovimTests.swift:
--   nvim --headless -n -i NONE -u SNIPPET -c "luafile nvim_batch.lua" FILE
-- with NVIM_BATCH_RESULT naming the file the fixed buffer is written to (none: no fix) and
-- NVIM_BATCH_HOVER "LINE:CHARACTER" (0-based, UTF-16) where hover is asked (none: no hover).
-- SNIPPET is docs/editors.md's set-up for this Neovim. Prints the client's root, then every
-- diagnostic of the buffer, each on a line "diagnostic LINE:COL-LINE:COL SEVERITY CODE MESSAGE"
-- (0-based lines, columns in bytes as Neovim keeps them), the hover's first line, the quick fix
-- applied and the diagnostics after it. Any failure exits 1 with its reason.

local timeout = 60000
local function say(text) io.stdout:write(text .. "\n") end
local function fail(reason)
  say("nvim_batch: " .. reason)
  io.stdout:flush()
  os.exit(1)
end
local modern = vim.fn.has("nvim-0.10") == 1

local function eplint_client()
  local clients = modern and vim.lsp.get_clients({ bufnr = 0 }) or vim.lsp.buf_get_clients(0)
  for _, client in pairs(clients) do
    if client.name == "eplint" then return client end
  end
end

local function request(client, method, params)
  local response, problem
  if modern then
    response, problem = client:request_sync(method, params, timeout, 0)
  else
    response, problem = client.request_sync(method, params, timeout, 0)
  end
  if not response then fail(method .. ": " .. tostring(problem)) end
  if response.err then fail(method .. ": " .. vim.inspect(response.err)) end
  return response.result
end

local function print_diagnostics(label)
  local diagnostics = vim.diagnostic.get(0)
  table.sort(diagnostics, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    return a.col < b.col
  end)
  for _, d in ipairs(diagnostics) do
    say(string.format("%s %d:%d-%d:%d %d %s %s", label, d.lnum, d.col, d.end_lnum, d.end_col, d.severity,
      tostring(d.code), d.message))
  end
  return diagnostics
end

if not vim.wait(timeout, function() return eplint_client() ~= nil end, 20) then
  fail("no eplint client attached to " .. vim.api.nvim_buf_get_name(0))
end
local client = eplint_client()
if not vim.wait(timeout, function() return client.initialized ~= false and client.server_capabilities ~= nil end, 20) then
  fail("the server did not initialize")
end
say("root " .. tostring(client.config.root_dir))
if not vim.wait(timeout, function() return #vim.diagnostic.get(0) > 0 end, 20) then
  fail("no diagnostics")
end
-- The server answers in order: once a request sent now is answered, every push and pull
-- answer for the open document has arrived, and a duplicate set would be there too.
local position = { line = 0, character = 0 }
local hover_at = os.getenv("NVIM_BATCH_HOVER")
if hover_at then
  local line, character = hover_at:match("^(%d+):(%d+)$")
  position = { line = tonumber(line), character = tonumber(character) }
end
local hover = request(client, "textDocument/hover", { textDocument = { uri = vim.uri_from_bufnr(0) }, position = position })
vim.wait(0)
local diagnostics = print_diagnostics("diagnostic")
if hover_at then
  local value = hover and hover.contents and (hover.contents.value or hover.contents) or ""
  if type(value) ~= "string" then value = vim.inspect(value) end
  say("hover " .. (value:match("[^\n]+") or ""))
end

local result = os.getenv("NVIM_BATCH_RESULT")
if result then
  local first = diagnostics[1]
  local lsp_diagnostic = first.user_data and first.user_data.lsp
  if not lsp_diagnostic then fail("the diagnostic keeps no LSP data") end
  local actions = request(client, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = lsp_diagnostic.range,
    context = { diagnostics = { lsp_diagnostic }, only = { "quickfix" } },
  }) or {}
  local chosen
  for _, action in ipairs(actions) do
    if action.isPreferred then chosen = action end
  end
  if not chosen then fail("no preferred quick fix among " .. vim.inspect(actions)) end
  say("action " .. chosen.title)
  -- What Neovim does with the action a user picks (`vim.lsp.buf.code_action`).
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  vim.fn.writefile(vim.api.nvim_buf_get_lines(0, 0, -1, false), result)
  -- The edit is sent as a change: its diagnostics follow, without the fixed finding.
  local fixed_code = first.code
  if not vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.code == fixed_code and d.lnum == first.lnum then return false end
    end
    return true
  end, 20) then
    fail("the fixed finding is still shown")
  end
  request(client, "textDocument/hover", { textDocument = { uri = vim.uri_from_bufnr(0) }, position = position })
  vim.wait(0)
  print_diagnostics("after")
end
io.stdout:flush()
vim.cmd("qa!")
