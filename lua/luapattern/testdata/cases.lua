-- Cases for string.find, match, gmatch and gsub: each line of cases is a
-- Lua expression; run prints each with its results (or its error, without
-- the position) so that PUC Lua 5.1 (lua5.1 cases.lua > cases.golden) and
-- btlua's matcher can be compared. gmatch cases collect every match.
function all(s, p)
  local out = {}
  for a, b, c in string.gmatch(s, p) do
    out[#out + 1] = tostring(a) .. (b and ("," .. tostring(b)) or "") .. (c and ("," .. tostring(c)) or "")
  end
  return table.concat(out, "|")
end
local cases = {
  [=[string.find("hello world", "o w")]=],
  [=[string.find("hello world", "o", 6)]=],
  [=[string.find("hello world", "l+")]=],
  [=[string.find("hello", "")]=],
  [=[string.find("hello", "", 10)]=],
  [=[string.find("hello", "", -2)]=],
  [=[string.find("hello", "l", -100)]=],
  [=[string.find("a.b", ".", 1, true)]=],
  [=[string.find("a+b", "+", 1, true)]=],
  [=[string.find("a+b", "a+b")]=],
  [=[string.find("abc", "^b")]=],
  [=[string.find("abc", "^a")]=],
  [=[string.find("abc", "c$")]=],
  [=[string.find("abc", "b$")]=],
  [=[string.find("a$c", "$c")]=],
  [=[string.find("hello", "(l)(l)")]=],
  [=[string.find("hello", "()ll()")]=],
  [=[string.find("key = value", "(%w+)%s*=%s*(%w+)")]=],
  [=[string.match("key = value", "(%w+)%s*=%s*(%w+)")]=],
  [=[string.match("hello", ".-l")]=],
  [=[string.match("hello", ".*l")]=],
  [=[string.match("hello", "l?lo")]=],
  [=[string.match("  trim  ", "^%s*(.-)%s*$")]=],
  [=[string.match("x = (a (b) c) y", "%b()")]=],
  [=[string.match("[[x]]", "%b[]")]=],
  [=[string.match("THE (quick) fox", "%f[%a]%a+")]=],
  [=[string.match("THE (quick) fox", "%f[%l]%a+")]=],
  [=[string.match("hello hello", "(h%a+) %1")]=],
  [=[string.match("abcabd", "(ab).-%1d")]=],
  [=[string.match("2024-01-15", "(%d+)-(%d+)-(%d+)")]=],
  [=[string.match("0x1F", "0x(%x+)")]=],
  [=[string.match("a,b;c", "[,;]")]=],
  [=[string.match("a]b", "[]]")]=],
  [=[string.match("a-b", "[a-]+")]=],
  [=[string.match("a^b", "[%^b]+")]=],
  [=[string.match("abc123", "[^%d]+")]=],
  [=[string.match("ABCdef", "%u+")]=],
  [=[string.match("ABCdef", "%U+")]=],
  [=[string.match("a\0b", "%z")]=],
  [=[string.match("tab\there", "%c")]=],
  [=[string.match("!?#", "%p+")]=],
  [=[string.match("hello", "()")]=],
  [=[string.match("hello", "h()e()")]=],
  [=[string.match("hello", "x*")]=],
  [=[string.match("hello", "(h)(e)(l)(l)(o)")]=],
  [=[string.match(12345, "3(4)")]=],
  [=[string.match("a.b", "%.")]=],
  [=[string.match("a%b", "%%")]=],
  [=[string.match("^x", "^^x")]=],
  [=[string.match("abc", "b", -1)]=],
  [=[string.match("abc", "b", -2)]=],
  [=[string.match("a\0b\0c", "b%z(c)")]=],
  [=[all("hello world from lua", "%a+")]=],
  [=[all("k1=v1, k2=v2", "(%w+)=(%w+)")]=],
  [=[all("abc", "")]=],
  [=[all("abc", "()")]=],
  [=[all("a,b,,c", "([^,]*)")]=],
  [=[all("^a^a", "^a")]=],
  [=[all("one two", "%a*")]=],
  [=[string.gsub("hello world", "o", "0")]=],
  [=[string.gsub("hello world", "o", "0", 1)]=],
  [=[string.gsub("hello world", "(%w+)", "<%1>")]=],
  [=[string.gsub("hello world", "%w+", "%0 %0")]=],
  [=[string.gsub("hello", "", "-")]=],
  [=[string.gsub("abc", "^a", "x")]=],
  [=[string.gsub("aaa", "^a", "x")]=],
  [=[string.gsub("abc", "b*", "-")]=],
  [=[string.gsub("hello world", "(o)", "%%")]=],
  [=[string.gsub("$name is $age", "%$(%w+)", {name = "Bob", age = 42})]=],
  [=[string.gsub("$name is $x", "%$(%w+)", {name = "Bob"})]=],
  [=[string.gsub("abc", "%w", function(c) return c:upper() .. "." end)]=],
  [=[string.gsub("abc", "%w", function(c) if c == "b" then return false end return 1 end)]=],
  [=[string.gsub("abc", "()", "%1")]=],
  [=[string.gsub("abc", "b", 7)]=],
  [=[string.gsub("a b c", " ", "", -1)]=],
  [=[string.gsub("a b c", " ", "", 0)]=],
  [=[string.gsub("x", "x", "%2")]=],
  [=[string.gsub("x", "x", {})]=],
  [=[string.gsub("x", "x", function() return {} end)]=],
  [=[string.gsub("x", "x", true)]=],
  [=[string.find("a", "[a")]=],
  [=[string.find("a", "%")]=],
  [=[string.find("a", "(a")]=],
  [=[string.find("a", "a)")]=],
  [=[string.find("a", "%1")]=],
  [=[string.find("a", "%b")]=],
  [=[string.find("a", "%fa")]=],
  [=[string.find("a", "[%a-z]")]=],
  [=[string.find("-", "[a-]")]=],
  [=[string.find("b", "[a-c]")]=],
  [=[string.find("]", "[]")]=],
  [=[string.match(string.rep("a", 40), string.rep("(a)", 33))]=],
  [=[string.match(string.rep("a", 40), string.rep("(a)", 32))]=],
}
-- quote writes a string with its control bytes, quotes and backslashes
-- as \ddd.
function quote(s)
  return '"' .. (string.gsub(s, '[%c"\\]', function(c) return string.format("\\%03d", string.byte(c)) end)) .. '"'
end
for i, c in ipairs(cases) do
  local f = assert(loadstring("return " .. c))
  local r = { pcall(f) }
  local parts = {}
  if r[1] then
    for j = 2, table.maxn(r) do
      parts[#parts + 1] = type(r[j]) == "string" and quote(r[j]) or tostring(r[j])
    end
    if #parts == 0 then parts[1] = "(none)" end
  else
    parts[1] = "error: " .. string.gsub(tostring(r[2]), "^[^:]*:%d+: ", "")
  end
  print(c .. " --> " .. table.concat(parts, ", "))
end
