/**
 * The placement form's rules (docs/rules/validation.md#placement-form): choosing an ad style resets the
 * content types to all the style allows (the contract's table), auto rotation is for Banner only; material
 * sizes from the contract (docs/rules/entities.md#placements).
 */
import {
  AdStyle,
  allowedContentTypes,
  ContentType,
  type ContentTypeValue,
  Flag,
  type FlagValue,
  isAdStyle,
  MATERIAL_SIZES,
  parseContentTypes,
} from "@pc/contract";

export interface StyleFields {
  content_type: ContentTypeValue[];
  auto_rotation: FlagValue;
}

/** The fields a newly chosen ad style resets: every allowed content type; rotation off unless Banner. */
export function fieldsForStyle(style: number | undefined, autoRotation: FlagValue): StyleFields {
  if (style === undefined || !isAdStyle(style)) return { content_type: [], auto_rotation: Flag.Off };
  return {
    content_type: [...allowedContentTypes(style)],
    auto_rotation: style === AdStyle.Banner ? autoRotation : Flag.Off,
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** "1280×720 (16:9)"; a size without an orientation name has no ratio shown. */
function sizeText(size: { width: number; height: number }, withRatio: boolean): string {
  const text = `${size.width}×${size.height}`;
  if (!withRatio) return text;
  const divisor = gcd(size.width, size.height);
  return `${text} (${size.width / divisor}:${size.height / divisor})`;
}

/** The material sizes, in the order shown: horizontal, vertical, 320×50, 300×250. */
export function materialSizes(names: { horizontal: string; vertical: string }): string[] {
  return [
    `${names.horizontal} ${sizeText(MATERIAL_SIZES.horizontal, true)}`,
    `${names.vertical} ${sizeText(MATERIAL_SIZES.vertical, true)}`,
    sizeText(MATERIAL_SIZES[ContentType.Size320x50], false),
    sizeText(MATERIAL_SIZES[ContentType.Size300x250], false),
  ];
}

/** "1,3" → [1, 3] limited to what the style allows (a stored row read into the form). */
export function contentTypesOf(text: string, style: number): ContentTypeValue[] {
  if (!isAdStyle(style)) return [];
  const allowed = allowedContentTypes(style);
  return parseContentTypes(text).filter((type): type is ContentTypeValue =>
    (allowed as readonly number[]).includes(type),
  );
}
