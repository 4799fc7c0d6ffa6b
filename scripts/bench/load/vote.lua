-- wrk: POST a vote with no voter cookie, so every request is a new, distinct voter (the server issues each its own
-- id). Origin is this server's, as a browser on the site sends it; the demo rotates over the catalogue.
local origin = os.getenv("VOTE_ORIGIN")
local demos = tonumber(os.getenv("VOTE_DEMOS") or "7")
local n = 0

request = function()
  n = n + 1
  local headers = { ["Origin"] = origin, ["Content-Length"] = "0", ["Accept-Encoding"] = "gzip, br" }
  return wrk.format("POST", "/api/demos/demo-" .. (n % demos + 1) .. "/vote", headers, nil)
end
