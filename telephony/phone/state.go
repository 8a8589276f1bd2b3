package phone

import "strings"

// State returns the US state a number is presumed to be in from its area
// code: the two-letter USPS code ("FL"; "DC" for the District of Columbia),
// or "" for a number that is not in a US state's geographic area code:
// NANP's non-geographic codes (500, 52x, 533, 800, 900, …), Canada, the
// Caribbean and the US territories (which are regions of their own), and
// every other country.
//
// The state is a presumption: a mobile number keeps its area code when its
// owner moves, so a rule that follows from it (a state's calling hours) is
// applied to where the number was issued, as the states' own regulators and
// the industry do.
//
// e164 must be normalized already (NormalizeField), as every number the
// service dials is; it is read as a string, like TimeZones.
func State(e164 string) string {
	if len(e164) != 12 || !strings.HasPrefix(e164, "+1") {
		return ""
	}
	npa := 0
	for i := 2; i < 12; i++ {
		c := e164[i]
		if c < '0' || c > '9' {
			return ""
		}
		if i < 5 {
			npa = npa*10 + int(c-'0')
		}
	}
	return npaState[npa]
}

// npaState is areaCodes by area code: npaState[305] == "FL".
var npaState = func() (t [1000]string) {
	for state, codes := range areaCodes {
		for _, code := range strings.Fields(codes) {
			npa := 0
			for _, c := range code {
				npa = npa*10 + int(c-'0')
			}
			t[npa] = state
		}
	}
	return t
}()

// areaCodes lists the geographic area codes of each US state and the
// District of Columbia, from NANPA's NPA database (the "npa_report.csv"
// published by the North American Numbering Plan Administrator, file date
// 2025-11-26): every code of country US, use G (geographic) and assigned,
// by its LOCATION. Five of them were assigned but not yet in service on
// that date (465 NY from 2026-06-18, 471 MS from 2026-01-30, 483 AL from
// 2026-02-23, and 565 GA and 761 KY, dates not yet set); they are listed so
// that a number in them is placed the day it rings. NANPA places each code
// in one state; the few exchanges that ring across a state line follow the
// code's state. Territories (PR, VI, GU, MP, AS) are regions of their own
// in libphonenumber and have no state here. TestStateMatchesLibphonenumber
// holds the table to libphonenumber's geocoding.
var areaCodes = map[string]string{
	"AK": "907",
	"AL": "205 251 256 334 483 659 938",
	"AR": "327 479 501 870",
	"AZ": "480 520 602 623 928",
	"CA": "209 213 279 310 323 341 350 357 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 738 747 760 805 818 820 831 837 840 858 909 916 925 949 951",
	"CO": "303 719 720 748 970 983",
	"CT": "203 475 860 959",
	"DC": "202 771",
	"DE": "302",
	"FL": "239 305 321 324 352 386 407 448 561 645 656 689 727 728 754 772 786 813 850 863 904 941 954",
	"GA": "229 404 470 478 565 678 706 762 770 912 943",
	"HI": "808",
	"IA": "319 515 563 641 712",
	"ID": "208 986",
	"IL": "217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872",
	"IN": "219 260 317 463 574 765 812 930",
	"KS": "316 620 785 913",
	"KY": "270 364 502 606 761 859",
	"LA": "225 318 337 457 504 985",
	"MA": "339 351 413 508 617 774 781 857 978",
	"MD": "227 240 301 410 443 667",
	"ME": "207",
	"MI": "231 248 269 313 517 586 616 679 734 810 906 947 989",
	"MN": "218 320 507 612 651 763 924 952",
	"MO": "235 314 417 557 573 636 660 816 975",
	"MS": "228 471 601 662 769",
	"MT": "406",
	"NC": "252 336 472 704 743 828 910 919 980 984",
	"ND": "701",
	"NE": "308 402 531",
	"NH": "603",
	"NJ": "201 551 609 640 732 848 856 862 908 973",
	"NM": "505 575",
	"NV": "702 725 775",
	"NY": "212 315 329 332 347 363 465 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934",
	"OH": "216 220 234 283 326 330 380 419 436 440 513 567 614 740 937",
	"OK": "405 539 572 580 918",
	"OR": "458 503 541 971",
	"PA": "215 223 267 272 412 445 484 570 582 610 717 724 814 835 878",
	"RI": "401",
	"SC": "803 821 839 843 854 864",
	"SD": "605",
	"TN": "423 615 629 729 731 865 901 931",
	"TX": "210 214 254 281 325 346 361 409 430 432 469 512 621 682 713 726 737 806 817 830 832 903 915 936 940 945 956 972 979",
	"UT": "385 435 801",
	"VA": "276 434 540 571 686 703 757 804 826 948",
	"VT": "802",
	"WA": "206 253 360 425 509 564",
	"WI": "262 274 353 414 534 608 715 920",
	"WV": "304 681",
	"WY": "307",
}
