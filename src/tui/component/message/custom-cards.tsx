// Custom messages with looks of their own (attached files, required skills: a marker row); any
// other custom message is the plain CustomRow (features' own cards come first: src/tui/slots).
import type { JSX } from "solid-js"
import { ATTACHED_FILES } from "../../../common/attachment"
import { REQUIRED_SKILLS } from "../../../common/required-skills"
import { type CustomItem } from "../../../protocol"
import { CustomRow, MarkerRow } from "./notice-rows"

export function CustomCard(props: { item: CustomItem }): JSX.Element {
  const type = props.item.customType
  if (type === ATTACHED_FILES || type === REQUIRED_SKILLS) return <MarkerRow item={props.item} />
  return <CustomRow item={props.item} />
}
