package render

import (
	"os"
	"sync"

	"golang.org/x/image/font/opentype"
)

// extraFonts are further installed typefaces a scene gets only by naming
// one (Options.Typeface), kept apart from MoreTypefaces so that what
// lists those (the letter models' training lines) draws as it did.
// Added for the Upwords letter models' training in many typefaces and
// their held-out sets (docs/vision.md, "Upwords letters in many more
// typefaces"): sans-serif and serif families of Debian's font packages
// (fonts-open-sans, fonts-lato, fonts-roboto-unhinted, fonts-cantarell,
// fonts-crosextra-carlito, fonts-crosextra-caladea, fonts-cabin,
// fonts-league-spartan, fonts-quicksand, fonts-karla, fonts-adf-gillius,
// fonts-b612, fonts-clear-sans, fonts-comfortaa, fonts-linuxlibertine,
// fonts-ebgaramond, fonts-roboto-slab,) and faces
// of the packages above that no list had. A face whose file is missing
// is left out.
var extraFonts = []struct{ name, path string }{
	{"OpenSans-Bold", "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf"},
	{"OpenSans-Regular", "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"},
	{"Lato-Bold", "/usr/share/fonts/truetype/lato/Lato-Bold.ttf"},
	{"Lato-Regular", "/usr/share/fonts/truetype/lato/Lato-Regular.ttf"},
	{"Roboto-Bold", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"},
	{"Roboto-Regular", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"},
	{"Cantarell-Bold", "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf"},
	{"Cantarell-Regular", "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf"},
	{"LeagueSpartan-Bold", "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Bold.otf"},
	{"Quicksand-Bold", "/usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf"},
	{"Karla-Bold", "/usr/share/fonts/truetype/karla/Karla-Bold.otf"},
	{"GilliusADF-Bold", "/usr/share/fonts/truetype/adf/GilliusADF-Bold.otf"},
	{"B612-Bold", "/usr/share/fonts/opentype/b612/B612-Bold.otf"},
	{"ClearSans-Bold", "/usr/share/fonts/truetype/clear-sans/ClearSans-Bold.ttf"},
	{"Comfortaa-Bold", "/usr/share/fonts/truetype/comfortaa/Comfortaa-Bold.ttf"},
	{"LinBiolinum-Bold", "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_RB.otf"},
	{"DejaVuSans-ExtraLight", "/usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf"},
	{"DejaVuSansMono", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"},
	{"Carlito-Bold", "/usr/share/fonts/truetype/crosextra/Carlito-Bold.ttf"},
	{"Carlito-Regular", "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf"},
	{"Cabin-Bold", "/usr/share/fonts/opentype/cabin/Cabin-Bold.otf"},
	{"Cabin-Regular", "/usr/share/fonts/opentype/cabin/Cabin-Regular.otf"},
	{"LinLibertine-Bold", "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RB.otf"},
	{"LinLibertine-Regular", "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf"},
	{"EBGaramond-Bold", "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Bold.otf"},
	{"RobotoSlab-Bold", "/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Bold.otf"},
	{"DejaVuSerifCondensed", "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed.ttf"},
	{"FreeMono", "/usr/share/fonts/truetype/freefont/FreeMono.ttf"},
	{"NimbusMonoPS-Regular", "/usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf"},
	{"Caladea-Bold", "/usr/share/fonts/truetype/crosextra/Caladea-Bold.ttf"},
	{"Caladea-Regular", "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf"},
	// Light, thin and condensed weights of the packages above (issue
	// 17: hairline faces are the Upwords reader's worst; docs/vision.md,
	// "Upwords letters in light and condensed typefaces").
	{"Lato-Light", "/usr/share/fonts/truetype/lato/Lato-Light.ttf"},
	{"Lato-Thin", "/usr/share/fonts/truetype/lato/Lato-Thin.ttf"},
	{"Lato-Hairline", "/usr/share/fonts/truetype/lato/Lato-Hairline.ttf"},
	{"Roboto-Light", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Light.ttf"},
	{"Roboto-Thin", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Thin.ttf"},
	{"RobotoCondensed-Bold", "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Bold.ttf"},
	{"RobotoCondensed-Regular", "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Regular.ttf"},
	{"RobotoCondensed-Light", "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Light.ttf"},
	{"RobotoCondensed-Medium", "/usr/share/fonts/truetype/roboto/unhinted/RobotoCondensed-Medium.ttf"},
	{"OpenSans-Light", "/usr/share/fonts/truetype/open-sans/OpenSans-Light.ttf"},
	{"OpenSans-CondLight", "/usr/share/fonts/truetype/open-sans/OpenSans-CondLight.ttf"},
	{"OpenSans-CondBold", "/usr/share/fonts/truetype/open-sans/OpenSans-CondBold.ttf"},
	{"Cantarell-Light", "/usr/share/fonts/opentype/cantarell/Cantarell-Light.otf"},
	{"Cantarell-Thin", "/usr/share/fonts/opentype/cantarell/Cantarell-Thin.otf"},
	{"Comfortaa-Light", "/usr/share/fonts/truetype/comfortaa/Comfortaa-Light.ttf"},
	{"Quicksand-Light", "/usr/share/fonts/truetype/quicksand/Quicksand-Light.ttf"},
	{"Karla-Light", "/usr/share/fonts/truetype/karla/Karla-Light.otf"},
	{"Karla-ExtraLight", "/usr/share/fonts/truetype/karla/Karla-ExtraLight.otf"},
	{"LeagueSpartan-Light", "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Light.otf"},
	{"LeagueSpartan-ExtraLight", "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-ExtraLight.otf"},
	{"RobotoSlab-Light", "/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Light.otf"},
	{"RobotoSlab-Thin", "/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Thin.otf"},
	{"ClearSans-Light", "/usr/share/fonts/truetype/clear-sans/ClearSans-Light.ttf"},
	{"ClearSans-Thin", "/usr/share/fonts/truetype/clear-sans/ClearSans-Thin.ttf"},
	{"EBGaramond-Regular", "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf"},
	{"LinBiolinum-Regular", "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf"},
	{"Cabin-Medium", "/usr/share/fonts/opentype/cabin/Cabin-Medium.otf"},
}

var (
	extraOnce sync.Once
	extra     []*Typeface
)

// ExtraTypefaces lists the installed typefaces of extraFonts, in a fixed
// order: like MoreTypefaces, a scene draws one only by naming it, never
// by seed, and neither Typefaces() nor MoreTypefaces() lists them.
func ExtraTypefaces() []*Typeface {
	extraOnce.Do(func() {
		for _, d := range extraFonts {
			b, err := os.ReadFile(d.path)
			if err != nil {
				continue
			}
			if f, err := opentype.Parse(b); err == nil {
				extra = append(extra, &Typeface{Name: d.name, font: f})
			}
		}
	})
	return extra
}
