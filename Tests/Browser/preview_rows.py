"""The preview's rows with their own components (issue 39): a table bound to a `cells:` entry whose
view model has a `view:` draws each row's components with the row's values, and a button in a
row taps that row alone, as `tap: { cart.plusButton: { row: 2 } }` does in a scenario; a row's
button is disabled while its `enabled:` is false on that row, and a row's stepper steps that row.
A row's switch, slider, segmented control and text field are drawn in its cell and change that
row alone (row_controls, which takes preview-row-controls.png). A table that binds swipe to delete
and reorder gives each row a Delete button and up and down arrows, whose steps only report: the
rows move or go when the view model's list does (row_edits, which takes preview-row-edits.png).
A view model used by itself (`children:`) is a box of the screen titled with the child's name, its
components drawn in it and each gesture the step a scenario writes for a child, naming no row
(child_views, which takes preview-children.png).
Run from preview_e2e.py (PREVIEW_E2E_ONLY=row_views,row_controls,row_edits,child_views runs them
alone)."""
from playwright.sync_api import expect

import os

from preview_support import SHOTS, open_page, start_preview, write_extra

CART = """screen: Cart
types:
  Item: { id: Int, name: String }
state:
  items: { type: "[Item]", initial: [{ id: 1, name: Tea }, { id: 2, name: Cake }] }
viewModels:
  CartRow:
    params: { item: Item }
    inputs: { increment: event, quantity: Int }
    state: { units: { type: Int, initial: 1 } }
    outputs:
      caption: '"\\(units) x \\(item.name)"'
    handlers:
      - { on: increment, set: { units: units + 1 } }
      - { on: quantity, set: { units: quantity } }
    view:
      captionLabel: { label: { text: caption } }
      plusButton: { button: { title: '"+"', tap: increment, enabled: units < 3 } }
      quantityStepper:
        stepper:
          minimumValue: 1
          maximumValue: 5
          value: { twoWay: quantity, get: Double(units), set: Int(quantityStepper.value) }
cells:
  cart: { viewModel: CartRow, for: items }
view:
  list: { table: { rows: cart } }
"""


def row_views(browser):
    process, url = start_preview(write_extra("cart.yaml", CART))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        captions = page.locator('[data-component="list"] [data-row-component="captionLabel"]')
        plus = page.locator('[data-component="list"] [data-row-gesture="cart.plusButton"]')
        expect(captions).to_have_text(["1 x Tea", "1 x Cake"])
        expect(plus).to_have_text(["+", "+"])
        plus.nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "2 x Cake"])
        plus.nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "3 x Cake"])
        # Three units: the row's plus button is disabled on that row alone.
        expect(plus.nth(1)).to_be_disabled()
        expect(plus.nth(0)).to_be_enabled()
        # The row's stepper: − steps row 2 back to 2, which enables its plus button again.
        page.locator('[data-component="list"] [aria-label="quantityStepper −"]').nth(1).click()
        expect(captions).to_have_text(["1 x Tea", "2 x Cake"])
        expect(plus.nth(1)).to_be_enabled()
        if errors:
            raise SystemExit("console errors on rows with their own view: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: a row's own components drawn with the row's values, a row's button tapping that row, disabled on it, its stepper stepping it")


DEVICES = """screen: Devices
types:
  Device: { key: String, name: String, managed: Bool }
state:
  items: { type: "[Device]", initial: [{ key: lamp, name: Lamp, managed: false }, { key: hub, name: Hub, managed: true }] }
viewModels:
  DeviceRow:
    params: { device: Device }
    inputs: { toggle: Bool, volume: Double, mode: Int, rename: String }
    state:
      isOn: { type: Bool, initial: false }
      level: { type: Double, initial: 0.0 }
      choice: { type: Int, initial: 0 }
      title: { type: String, initial: "" }
    outputs:
      name: 'title.isEmpty ? device.name : title'
      caption: '"\\(name) \\(isOn) \\(choice) \\(level)"'
    handlers:
      - { on: toggle, set: { isOn: toggle } }
      - { on: volume, set: { level: volume } }
      - { on: mode, set: { choice: mode } }
      - { on: rename, set: { title: rename } }
    view:
      captionLabel: { label: { text: caption } }
      powerSwitch: { switch: { isOn: { twoWay: toggle, get: isOn }, enabled: "!device.managed" } }
      volumeSlider: { slider: { maximumValue: 10, value: { twoWay: volume, get: level } } }
      modeControl: { segmentedControl: { segments: [Eco, Boost], selectedIndex: { twoWay: mode, get: choice } } }
      nameField: { textField: { text: { twoWay: rename, get: title } } }
cells:
  devices: { viewModel: DeviceRow, for: items, id: key }
view:
  list: { table: { rows: devices } }
"""


def row_controls(browser):
    process, url = start_preview(write_extra("devices.yaml", DEVICES))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        captions = page.locator('[data-component="list"] [data-row-component="captionLabel"]')
        expect(captions).to_have_text(["Lamp false 0 0.0", "Hub false 0 0.0"])
        switches = page.locator('[data-component="list"] [data-row-gesture="devices.powerSwitch"]')
        # The hub is managed: its switch is disabled on that row alone.
        expect(switches.nth(1)).to_be_disabled()
        switches.nth(0).click()
        expect(captions).to_have_text(["Lamp true 0 0.0", "Hub false 0 0.0"])
        expect(switches.nth(0)).to_be_checked()
        page.locator('[data-component="list"] [data-row-component="modeControl"]').nth(1).get_by_role("radio", name="Boost").click()
        expect(captions).to_have_text(["Lamp true 0 0.0", "Hub false 1 0.0"])
        slider = page.locator('[data-component="list"] [data-row-gesture="devices.volumeSlider"]').nth(0)
        # A range input takes no typing: its value is set and its change sent, as a drag ends.
        slider.evaluate("(n) => { n.value = '7.5'; n.dispatchEvent(new Event('change', { bubbles: true })); }")
        expect(captions).to_have_text(["Lamp true 0 7.5", "Hub false 1 0.0"])
        field = page.locator('[data-component="list"] [data-row-gesture="devices.nameField"]').nth(1)
        field.fill("Router")
        # A state message may come meanwhile and draw the rows again: the text and focus stay.
        page.wait_for_timeout(1500)
        expect(field).to_have_value("Router")
        field.press("Enter")
        expect(captions).to_have_text(["Lamp true 0 7.5", "Router false 1 0.0"])
        page.screenshot(path=os.path.join(SHOTS, "preview-row-controls.png"))
        if errors:
            raise SystemExit("console errors on a row's controls: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: a row's switch, slider, segmented control and text field drawn in its cell, each changing that row alone, disabled on it")


TODOS = """screen: Todos
types:
  Todo: { id: Int, title: String }
  Move: { from: Int, to: Int }
inputs:
  deleted: Int
  moved: Move
state:
  todos: { type: "[Todo]", initial: [{ id: 1, title: Milk }, { id: 2, title: Eggs }, { id: 3, title: Bread }] }
handlers:
  - on: deleted
    set: { todos: 'todos.removing(at: deleted)' }
  - on: moved
    set: { todos: 'todos.enumerated().first { $0.offset == moved.from }.map { todos.removing(at: moved.from).inserting($0.element, at: moved.to) } ?? todos' }
view:
  todoTable: { table: { rows: todos, itemDeleted: deleted, itemMoved: moved } }
  plainTable: { table: { rows: todos } }
"""


def row_edits(browser):
    process, url = start_preview(write_extra("todos.yaml", TODOS))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        rows = page.locator('[data-component="todoTable"] [role=listitem] .title')
        expect(rows).to_have_text(["Milk", "Eggs", "Bread"])
        # A table that binds none of the edits draws no controls for them.
        expect(page.locator('[data-component="plainTable"] .edits')).to_have_count(0)
        up = page.get_by_role("button", name="move row 2 up")
        expect(page.get_by_role("button", name="move row 0 up")).to_be_disabled()
        expect(page.get_by_role("button", name="move row 2 down")).to_be_disabled()
        up.click()
        expect(rows).to_have_text(["Milk", "Bread", "Eggs"])
        page.get_by_role("button", name="move row 0 down").click()
        expect(rows).to_have_text(["Bread", "Milk", "Eggs"])
        page.screenshot(path=os.path.join(SHOTS, "preview-row-edits.png"))
        page.get_by_role("button", name="delete row 1").click()
        expect(rows).to_have_text(["Bread", "Eggs"])
        expect(page.locator('[data-component="plainTable"] [role=listitem] .title')).to_have_text(["Bread", "Eggs"])
        if errors:
            raise SystemExit("console errors on a table's row edits: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: a table's rows moved up and down and deleted from their buttons, through the view model's list; none drawn where nothing binds them")


FORMS = """screen: Forms
viewModels:
  AddressForm:
    params: { kind: String }
    inputs: { name: String, clear: event }
    state: { nameText: { type: String, initial: "" } }
    outputs:
      title: '"\\(kind): \\(nameText.isEmpty ? "empty" : nameText)"'
    handlers:
      - { on: name, set: { nameText: name } }
      - { on: clear, set: { nameText: '""' } }
    view:
      titleLabel: { label: { text: title } }
      nameField: { textField: { text: { twoWay: name, get: nameText } } }
      clearButton: { button: { title: '"Clear"', tap: clear, enabled: "!nameText.isEmpty" } }
children:
  shipping: { viewModel: AddressForm, params: { kind: '"Shipping"' } }
  billing: { viewModel: AddressForm, params: { kind: '"Billing"' } }
outputs:
  both: 'shipping.nameText + "/" + billing.nameText'
view:
  bothLabel: { label: { text: both } }
"""


def child_views(browser):
    process, url = start_preview(write_extra("forms.yaml", FORMS))
    errors = []
    try:
        page = open_page(browser, url, errors)
        expect(page.locator("#connection")).to_have_text("live")
        shipping = page.locator('[data-component="shipping"]')
        billing = page.locator('[data-component="billing"]')
        expect(shipping.locator("legend")).to_have_text("shipping")
        expect(shipping.locator('[data-row-component="titleLabel"]')).to_have_text("Shipping: empty")
        expect(billing.locator('[data-row-component="titleLabel"]')).to_have_text("Billing: empty")
        expect(billing.locator('[data-row-gesture="billing.clearButton"]')).to_be_disabled()
        field = billing.locator('[data-row-gesture="billing.nameField"]')
        field.fill("Bob")
        # A state message may come meanwhile and draw the child again: the text and focus stay.
        page.wait_for_timeout(1500)
        expect(field).to_have_value("Bob")
        field.press("Enter")
        expect(billing.locator('[data-row-component="titleLabel"]')).to_have_text("Billing: Bob")
        expect(shipping.locator('[data-row-component="titleLabel"]')).to_have_text("Shipping: empty")
        expect(page.locator('[data-component="bothLabel"]')).to_have_text("/Bob")
        page.screenshot(path=os.path.join(SHOTS, "preview-children.png"))
        billing.locator('[data-row-gesture="billing.clearButton"]').click()
        expect(billing.locator('[data-row-component="titleLabel"]')).to_have_text("Billing: empty")
        if errors:
            raise SystemExit("console errors on children: %s" % errors)
    finally:
        process.terminate()
        process.wait()
    print("ok: each child a box titled with its name, its components drawn with its values, a gesture on one the child's step")
