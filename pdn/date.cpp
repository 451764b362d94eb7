// The date of a game (see date.hpp).
#include "pdn/date.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <string>

namespace damdb::pdn {

namespace {

struct Patterns {
  RE2 date_iso{R"((\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?))"};
  RE2 date_dashed_ymd{R"((\d{4})[-/](\d{1,2}|\?\?)[-/](\d{1,2}|\?\?))"};
  RE2 date_dotted_ymd{R"((\d{4})\.(\d{1,2})\.(\d{1,2}))"};
  RE2 date_dmy{R"((\d{1,2})[-./](\d{1,2})[-./](\d{4}))"};
  RE2 date_words{R"((\d{1,2})\s+([A-Za-z]+)\.?\s+(\d{4}))"};
  RE2 date_year{R"((\d{4})\.?)"};
};

const Patterns& patterns() {
  static const Patterns p;
  return p;
}

int month_number(std::string word) {
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static const std::array<std::array<const char*, 3>, 12> names{{
      {"january", "januari", "jan"},   {"february", "februari", "feb"},
      {"march", "maart", "mar"},       {"april", "april", "apr"},
      {"may", "mei", "may"},           {"june", "juni", "jun"},
      {"july", "juli", "jul"},         {"august", "augustus", "aug"},
      {"september", "september", "sep"}, {"october", "oktober", "oct"},
      {"november", "november", "nov"}, {"december", "december", "dec"},
  }};
  for (int m = 0; m < 12; ++m)
    for (const char* n : names[m])
      if (word == n) return m + 1;
  if (word == "okt" || word == "sept" || word == "mrt") return word == "mrt" ? 3 : (word == "okt" ? 10 : 9);
  return 0;
}

// `v` (0..99) in two digits.
std::string two_digits(int v) {
  return {static_cast<char>('0' + v / 10), static_cast<char>('0' + v % 10)};
}

// "YYYY.MM.DD" with zero parts (placeholders) written '?'; empty when a part is out of range.
std::string make_date(const std::string& y, int m, int d) {
  if (m < 0 || m > 12 || d < 0 || d > 31) return {};
  const bool no_year = y == "0000";
  return (no_year ? std::string("????") : y) + "." + (m == 0 || no_year ? "??" : two_digits(m)) +
         "." + (d == 0 || m == 0 || no_year ? "??" : two_digits(d));
}

// True when a YYYY.MM.DD date has a zero year, month or day (a placeholder such as 0000.00.00).
bool has_zero_part(std::string_view v) {
  return v.substr(0, 4) == "0000" || v.substr(5, 2) == "00" || v.substr(8, 2) == "00";
}

// Digits of v[from, from + n) as a number; -1 unless all are ASCII digits.
int digits_value(std::string_view v, std::size_t from, std::size_t n) {
  int x = 0;
  for (std::size_t i = from; i < from + n; ++i) {
    if (v[i] < '0' || v[i] > '9') return -1;
    x = x * 10 + (v[i] - '0');
  }
  return x;
}

// Length (1 or 2) of the digits starting at v[from] that the character `after` ends (or the end
// of v when `at_end`), or 0.
std::size_t short_number(std::string_view v, std::size_t from, bool at_end,
                         bool (*after)(char)) {
  for (std::size_t n = 1; n <= 2 && from + n <= v.size(); ++n) {
    if (digits_value(v, from, n) < 0) return 0;
    if (at_end ? from + n == v.size() : from + n < v.size() && after(v[from + n])) return n;
  }
  return 0;
}

// Patterns::date_dashed_ymd, (\d{4})[-/](\d{1,2}|\?\?)[-/](\d{1,2}|\?\?), read by hand: the year
// text, and month and day with "??" read as 0.
bool read_dashed_ymd(std::string_view v, std::string& y, int& m, int& d) {
  auto dash = [](char c) { return c == '-' || c == '/'; };
  if (v.size() < 8 || digits_value(v, 0, 4) < 0 || !dash(v[4])) return false;
  std::size_t i = 5;
  int parts[2];
  for (int k = 0; k < 2; ++k) {
    const bool last = k == 1;
    if (v.substr(i, 2) == "??" && (last ? i + 2 == v.size() : i + 2 < v.size() && dash(v[i + 2]))) {
      parts[k] = 0;
      i += 3;
      continue;
    }
    const std::size_t n = short_number(v, i, last, +[](char c) { return c == '-' || c == '/'; });
    if (n == 0) return false;
    parts[k] = digits_value(v, i, n);
    i += n + 1;
  }
  y.assign(v.substr(0, 4));
  m = parts[0];
  d = parts[1];
  return true;
}

// Patterns::date_dmy, (\d{1,2})[-./](\d{1,2})[-./](\d{4}), read by hand.
bool read_dmy(std::string_view v, int& d, int& m, std::string& y) {
  auto sep = +[](char c) { return c == '-' || c == '.' || c == '/'; };
  if (v.size() < 8 || v.size() > 10 || digits_value(v, v.size() - 4, 4) < 0 ||
      !sep(v[v.size() - 5]))
    return false;
  const std::string_view front = v.substr(0, v.size() - 4);  // "d.m." with 1..2 digits each
  const std::size_t n1 = short_number(front, 0, false, sep);
  if (n1 == 0) return false;
  const std::size_t n2 = short_number(front, n1 + 1, false, sep);
  if (n2 == 0 || n1 + 1 + n2 + 1 != front.size()) return false;
  d = digits_value(v, 0, n1);
  m = digits_value(v, n1 + 1, n2);
  y.assign(v.substr(v.size() - 4));
  return true;
}

// Same language as Patterns::date_iso: (\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?).
bool is_iso_date(std::string_view v) {
  if (v.size() != 10 || v[4] != '.' || v[7] != '.') return false;
  auto part = [&](std::size_t from, std::size_t n) {
    bool digits = true, unknown = true;
    for (std::size_t i = from; i < from + n; ++i) {
      digits = digits && v[i] >= '0' && v[i] <= '9';
      unknown = unknown && v[i] == '?';
    }
    return digits || unknown;
  };
  return part(0, 4) && part(5, 2) && part(8, 2);
}

int number(std::string_view part) {
  int value = 0;
  const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
  return ec == std::errc() && end == part.data() + part.size() ? value : 0;
}

/// Days since 1970-01-01 of a complete date (proleptic Gregorian calendar).
long days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const long era = (y >= 0 ? y : y - 399) / 400;
  const long yoe = y - era * 400;
  const long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

bool part_fits(int a, int b) { return a == 0 || b == 0 || a == b; }

}  // namespace

bool is_standard_date(std::string_view value) {
  return value.empty() || (is_iso_date(value) && !has_zero_part(value));
}

DateTagReading read_date_tag(std::string_view value) {
  const Patterns& p = patterns();
  DateTagReading r;
  r.standard = true;
  if (value.empty()) return r;
  if (RE2::FullMatch(value, p.date_iso)) {
    if (!has_zero_part(value)) return r;
  }
  r.standard = false;
  std::string y, m, d;
  int mi = 0, di = 0;
  // The two common other forms first, read by hand; neither can match a pattern tried before
  // it below (each of those has four digits and a '.' where these have '-', '/' or fewer digits).
  if (read_dashed_ymd(value, y, mi, di) || read_dmy(value, di, mi, y)) {
    r.normalized = make_date(y, mi, di);
  } else if (RE2::FullMatch(value, p.date_iso, &y, &m, &d)) {
    r.normalized = make_date(y == "????" ? "0000" : y, m == "??" ? 0 : std::stoi(m),
                             d == "??" ? 0 : std::stoi(d));
  } else if (RE2::FullMatch(value, p.date_dashed_ymd, &y, &m, &d)) {
    r.normalized = make_date(y, m == "??" ? 0 : std::stoi(m), d == "??" ? 0 : std::stoi(d));
  } else if (RE2::FullMatch(value, p.date_dotted_ymd, &y, &mi, &di)) {
    r.normalized = make_date(y, mi, di);
  } else if (RE2::FullMatch(value, p.date_dmy, &di, &mi, &y)) {
    r.normalized = make_date(y, mi, di);
  } else if (std::string word; RE2::FullMatch(value, p.date_words, &di, &word, &y)) {
    r.normalized = make_date(y, month_number(word), di);
  } else if (RE2::FullMatch(value, p.date_year, &y)) {
    r.normalized = make_date(y, 0, 0);
  }
  return r;
}

std::string date_key(std::string_view date) {
  // Expect YYYY.MM.DD with '?' parts (the reader's normalised form); keep what is known.
  std::string out;
  for (char c : date) {
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '?' || c == '.') out += c;
  }
  if (out.size() != 10 || out[4] != '.' || out[7] != '.') return "";
  if (out.substr(0, 4) == "????") return "";
  return out;
}

std::string date_key_of_tag(std::string_view raw) {
  const DateTagReading reading = read_date_tag(raw);
  return date_key(reading.normalized.empty() ? raw : std::string_view(reading.normalized));
}

std::uint32_t date_number(std::string_view date) {
  if (date.size() != 10) return 0;
  auto part = [&](std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (date[i] < '0' || date[i] > '9') return std::uint32_t{0};
      v = v * 10 + static_cast<std::uint32_t>(date[i] - '0');
    }
    return v;
  };
  const std::uint32_t year = part(0, 4);
  return year == 0 ? 0 : year * 10000 + part(5, 2) * 100 + part(8, 2);
}

std::string date_bound(std::string_view partial_text, bool upper, std::string& error) {
  const std::string partial(partial_text);
  error.clear();
  std::string digits[3];
  int part = 0;
  for (char c : partial) {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      digits[part] += c;
    } else if ((c == '.' || c == '-' || c == '/') && part < 2 && !digits[part].empty()) {
      ++part;
    } else {
      error = "bad date \"" + partial + "\": use YYYY, YYYY.MM or YYYY.MM.DD";
      return {};
    }
  }
  if (digits[0].size() != 4 || digits[1].size() > 2 || digits[2].size() > 2) {
    error = "bad date \"" + partial + "\": use YYYY, YYYY.MM or YYYY.MM.DD";
    return {};
  }
  if (!digits[1].empty() && (std::stoi(digits[1]) < 1 || std::stoi(digits[1]) > 12)) {
    error = "bad date \"" + partial + "\": month " + digits[1] + " is not 1..12";
    return {};
  }
  if (!digits[2].empty() && !digits[1].empty()) {
    const std::chrono::year_month_day day{std::chrono::year{std::stoi(digits[0])},
                                          std::chrono::month(static_cast<unsigned>(std::stoi(digits[1]))),
                                          std::chrono::day(static_cast<unsigned>(std::stoi(digits[2])))};
    if (!day.ok()) {
      error = "bad date \"" + partial + "\": no day " + digits[2] + " in " + digits[0] + "." +
              digits[1];
      return {};
    }
  }
  auto two = [&](const std::string& d, const char* open) {
    if (d.empty()) return std::string(open);
    return d.size() == 1 ? "0" + d : d;
  };
  return digits[0] + "." + two(digits[1], upper ? "99" : "00") + "." +
         two(digits[2], upper ? "99" : "00");
}

CalendarDate CalendarDate::of(std::string_view key) {
  CalendarDate d;
  if (key.size() < 4) return d;
  d.year = number(key.substr(0, 4));
  if (key.size() >= 7) d.month = number(key.substr(5, 2));
  if (key.size() >= 10) d.day = number(key.substr(8, 2));
  if (d.month > 12) d.month = 0;
  if (d.day > 31) d.day = 0;
  if (d.year == 0) d = {};
  return d;
}

std::string CalendarDate::key() const {
  if (year <= 0 || year > 9999) return {};
  std::string out = std::to_string(year);
  out.insert(0, 4 - out.size(), '0');
  out += '.';
  out += month != 0 ? two_digits(month) : "??";
  out += '.';
  out += day != 0 ? two_digits(day) : "??";
  return out;
}

bool date_keys_fit(std::string_view a, std::string_view b) {
  return dates_compatible(CalendarDate::of(a), CalendarDate::of(b));
}

std::string merged_date_key(std::string_view a, std::string_view b) {
  const CalendarDate x = CalendarDate::of(a), y = CalendarDate::of(b);
  const CalendarDate both{x.year != 0 ? x.year : y.year, x.month != 0 ? x.month : y.month,
                          x.day != 0 ? x.day : y.day};
  if (both == x) return std::string(a);
  if (both == y) return std::string(b);
  return both.key();
}

bool same_year(const CalendarDate& a, const CalendarDate& b) { return part_fits(a.year, b.year); }

bool dates_compatible(const CalendarDate& a, const CalendarDate& b) {
  return part_fits(a.year, b.year) && part_fits(a.month, b.month) && part_fits(a.day, b.day);
}

DateOrder date_order(std::uint32_t a, std::uint32_t b) {
  if (a == 0 || b == 0) return DateOrder::Unknown;
  const std::uint32_t parts_a[] = {a / 10000, a / 100 % 100, a % 100};
  const std::uint32_t parts_b[] = {b / 10000, b / 100 % 100, b % 100};
  for (int i = 0; i < 3; ++i) {
    if (i > 0 && (parts_a[i] == 0 || parts_b[i] == 0)) return DateOrder::Unknown;
    if (parts_a[i] < parts_b[i]) return DateOrder::Earlier;
    if (parts_a[i] > parts_b[i]) return DateOrder::Later;
  }
  return DateOrder::SameDay;
}

bool dates_close(const CalendarDate& a, const CalendarDate& b, int max_days) {
  if (dates_compatible(a, b)) return true;
  if (!a.complete() || !b.complete()) return false;
  if (a.year == b.year && a.month == b.day && a.day == b.month) return true;
  const long gap = days_from_civil(a.year, a.month, a.day) - days_from_civil(b.year, b.month, b.day);
  return std::labs(gap) <= max_days;
}

namespace {
/// A date key with its unknown parts as the lowest ('0') or highest ('9') value.
std::string bound(std::string_view date, char unknown) {
  std::string out(date);
  for (char& c : out)
    if (c == '?') c = unknown;
  return out;
}
}  // namespace

bool date_ranges_meet(std::string_view first_a, std::string_view last_a, std::string_view first_b,
                      std::string_view last_b) {
  if (first_a.empty() || first_b.empty()) return true;
  if (bound(first_a, '0') <= bound(last_b, '9') && bound(first_b, '0') <= bound(last_a, '9'))
    return true;
  return dates_close(CalendarDate::of(last_a), CalendarDate::of(first_b)) ||
         dates_close(CalendarDate::of(last_b), CalendarDate::of(first_a));
}

std::optional<std::pair<Month, Month>> month_span(std::string_view date) {
  const CalendarDate d = CalendarDate::of(date);
  if (date.size() < 4 || !std::all_of(date.begin(), date.begin() + 4, [](char c) {
        return c >= '0' && c <= '9';
      }))
    return std::nullopt;
  if ((date.size() > 4 && date[4] != '.') || d.year <= 0 || d.month < 0 || d.day < 0)
    return std::nullopt;
  const Month year = Month{d.year} * 12;
  if (d.month >= 1 && d.month <= 12) return std::pair{year + d.month - 1, year + d.month - 1};
  return std::pair{year, year + 11};
}

bool date_known(std::string_view date) { return !date.empty() && date[0] != '?'; }

std::string date_year(std::string_view date) {
  return date.size() >= 4 && date[0] != '?' ? std::string(date.substr(0, 4)) : "????";
}

}  // namespace damdb::pdn
