-- wrk: POST a vote as an earned voter (decision 083): each request carries a voter cookie from VOTER_POOL (a Lua
-- file returning the cookies that reads earned), every voter votes once for each demo, so every request is a new
-- vote. Origin is this server's, as a browser on the site sends it. The next voter is kept in VOTE_STATE between
-- wrk's runs (the warm-up and the row), and every answer's status is counted there too: the row is meaningful only
-- if they are 201s (409 would be a voter voting twice: a pool too small for the rate).
local origin = os.getenv("VOTE_ORIGIN")
local demos = tonumber(os.getenv("VOTE_DEMOS") or "7")
local pool = dofile(os.getenv("VOTER_POOL"))
local statefile = os.getenv("VOTE_STATE")
local threads = {}

local function readState()
  local state = { next = 0, statuses = {} }
  local file = io.open(statefile, "r")
  if not file then return state end
  for line in file:lines() do
    local key, value = line:match("^(%S+) (%d+)$")
    if key == "next" then state.next = tonumber(value) elseif key then state.statuses[key] = tonumber(value) end
  end
  file:close()
  return state
end

setup = function(thread)
  table.insert(threads, thread)
end

init = function()
  n = readState().next
  statuses = {}
end

request = function()
  local voter = pool[math.floor(n / demos) % #pool + 1]
  local headers = {
    ["Origin"] = origin,
    ["Content-Length"] = "0",
    ["Accept-Encoding"] = "gzip, br",
    ["Cookie"] = voter,
  }
  local path = "/api/demos/demo-" .. (n % demos + 1) .. "/vote"
  n = n + 1
  return wrk.format("POST", path, headers, nil)
end

response = function(status)
  local key = tostring(status)
  statuses[key] = (statuses[key] or 0) + 1
end

done = function()
  local state = readState()
  for _, thread in ipairs(threads) do
    state.next = math.max(state.next, thread:get("n"))
    for status, count in pairs(thread:get("statuses")) do
      state.statuses[status] = (state.statuses[status] or 0) + count
    end
  end
  local file = io.open(statefile, "w")
  file:write("next " .. state.next .. "\n")
  for status, count in pairs(state.statuses) do file:write(status .. " " .. count .. "\n") end
  file:close()
end
