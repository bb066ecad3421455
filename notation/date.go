package notation

import "strconv"

// Date is a Date tag's value as read: year, month and day, each 0 when unknown (written ?, or
// not a number).
type Date struct{ Year, Month, Day int }

// ParseDate reads a Date tag value, YYYY.MM.DD with ? for the parts not known ("1998.??.??").
// It is the one reader of dates: the statistics, the site's lists and the index agree on which
// year a game was played.
func ParseDate(s string) Date {
	part := func(i, n int) int {
		if len(s) < i+n {
			return 0
		}
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return 0
			}
		}
		v, _ := strconv.Atoi(s[i : i+n])
		return v
	}
	d := Date{Year: part(0, 4)}
	if len(s) >= 7 && s[4] == '.' {
		d.Month = part(5, 2)
		if len(s) >= 10 && s[7] == '.' {
			d.Day = part(8, 2)
		}
	}
	return d
}

// YearText is the year as written, four digits, "" when unknown.
func (d Date) YearText() string {
	if d.Year == 0 {
		return ""
	}
	return strconv.Itoa(d.Year + 10000)[1:]
}
