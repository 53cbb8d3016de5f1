import { z } from 'zod';

/** CSS named colours (CSS Color Module Level 4), plus `transparent` and `currentcolor`. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet ' +
    'brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue ' +
    'darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange ' +
    'darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise ' +
    'darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia ' +
    'gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ' +
    'ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue ' +
    'lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon ' +
    'mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
    'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen ' +
    'paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red ' +
    'rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue ' +
    'slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen transparent currentcolor'
  ).split(' '),
);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const PERCENT = String.raw`${NUMBER}%`;
const ALPHA = String.raw`(?:${NUMBER}|${PERCENT})`;
const HUE = String.raw`${NUMBER}(?:deg|rad|grad|turn)?`;
const SEP = String.raw`\s*,\s*`;
// Both the legacy comma syntax and the modern space syntax (with an optional "/ alpha").
const RGB = new RegExp(
  String.raw`^rgba?\(\s*(?:` +
    String.raw`(?:${NUMBER}${SEP}${NUMBER}${SEP}${NUMBER}|${PERCENT}${SEP}${PERCENT}${SEP}${PERCENT})(?:${SEP}${ALPHA})?` +
    String.raw`|(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);
const HSL = new RegExp(
  String.raw`^hsla?\(\s*(?:` +
    String.raw`${HUE}${SEP}${PERCENT}${SEP}${PERCENT}(?:${SEP}${ALPHA})?` +
    String.raw`|${HUE}\s+${PERCENT}\s+${PERCENT}(?:\s*\/\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  'i',
);

/** Colours may be hex, rgb(a), hsl(a) or a named colour (spec section 5). */
export function isColour(value: string): boolean {
  const text = value.trim();
  return HEX.test(text) || RGB.test(text) || HSL.test(text) || NAMED_COLOURS.has(text.toLowerCase());
}

export const colourSchema = z.string().trim().refine(isColour, { error: 'must be a colour: hex, rgb(a), hsl(a) or a named colour' });
