// Custom messages with looks of their own (attached files); any other custom message is the plain
// CustomRow (features' own cards come first: src/tui/slots).
import type { JSX } from "solid-js"
import { ATTACHED_FILES } from "../../../common/attachment"
import { type CustomItem } from "../../../protocol"
import { AttachedFilesRow, CustomRow } from "./notice-rows"

export function CustomCard(props: { item: CustomItem }): JSX.Element {
  if (props.item.customType === ATTACHED_FILES) return <AttachedFilesRow item={props.item} />
  return <CustomRow item={props.item} />
}
