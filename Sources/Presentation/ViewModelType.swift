/// A screen's logic: it turns the user's events into the state the screen renders.
///
/// A front end (UIKit, SwiftUI, a terminal, a server) builds the ``Input`` from its controls, calls
/// ``transform(_:)`` once per binding, and renders each stream of the ``Output``:
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: BoardViewModel.Event.self)
/// let output = viewModel.transform(BoardViewModel.Input(events: events))
/// Task {
///     for await snapshot in output.snapshots { render(snapshot) }
/// }
/// send.yield(.appear)
/// ```
///
/// Every view model in this module follows the same rules:
/// - The input is one `AsyncStream` of events, so that events keep the order the user made them in
///   (a title typed before `save` is always seen before `save`).
/// - Events are handled one at a time, in order.
/// - Every output stream finishes when the input stream finishes; finish the input's continuation
///   when the screen goes away. Until then the view model keeps itself alive.
/// - Each output stream has one consumer.
/// - Each `transform(_:)` call is an independent binding with its own state.
@MainActor
public protocol ViewModelType {
    /// The user's events, as streams.
    associatedtype Input
    /// The state to render, as streams.
    associatedtype Output

    /// Starts handling `input` and returns the streams of state to render.
    func transform(_ input: Input) -> Output
}
